import { useSearchParams } from 'react-router';

/**
 * The open tab of a page, kept in the address (`?tab=payouts`): a link can open a tab (Stripe's
 * onboarding returns to the vendor's Payouts), a reload keeps it, and switching tabs adds no history.
 */
export function useTabParam<const T extends string>(
  tabs: readonly T[],
  fallback: T,
): [T, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = tabs.includes(requested as T) ? (requested as T) : fallback;
  const setTab = (next: string) => {
    if (!tabs.includes(next as T)) return;
    setParams(
      (p) => {
        p.set('tab', next);
        return p;
      },
      { replace: true },
    );
  };
  return [tab, setTab];
}
