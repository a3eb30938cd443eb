import { useCallback, useEffect, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/**
 * The address's query, with changes that build on each other. React Router's function form of
 * `setSearchParams` is given the query of the last render, and a page's loaders run before the address
 * changes: a filter and then a sort chosen before the next render would lose the filter. Each change
 * here starts from the last one asked for, until the address shows it (or something else moves it).
 */
export function useSearchParamChanges() {
  const [params, setParams] = useSearchParams();
  /** Queries asked for and not yet in the address, oldest first. */
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const shown = pending.current.indexOf(params.toString());
    // Reached one of ours: it and those before it are done. Anything else (a link, Back): start over.
    pending.current = shown < 0 ? [] : pending.current.slice(shown + 1);
  }, [params]);
  const change = useCallback(
    (edit: (next: URLSearchParams) => void, options?: NavigateOptions) => {
      const next = new URLSearchParams(pending.current.at(-1) ?? params);
      edit(next);
      pending.current = [...pending.current, next.toString()];
      void setParams(next, options);
    },
    [params, setParams],
  );
  return [params, change] as const;
}
