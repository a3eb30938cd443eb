import { useState } from 'react';

/**
 * Where the focus goes once the user's own action has gone through and the control they pressed is
 * gone: to what replaced it (the new status, a confirmation, the form a button opened). Call
 * `moveFocus(key)` after the action; the element rendered with `ref={focusTarget(key)}` (tabIndex={-1}
 * unless it is a control) takes the focus as soon as it is there, at once or when the page has caught
 * up with the server's answer. A key names the state the action leads to (a status, a revision), so
 * the element as it was before never takes it. Only moveFocus moves the focus: loading a page or a
 * background refresh never does.
 */
export function useFocusAfterAction() {
  const [wanted, setWanted] = useState<string | null>(null);
  const focusTarget = (key: string) => (el: HTMLElement | null) => {
    if (!el || key !== wanted) return;
    el.focus();
    setWanted(null);
  };
  const moveFocus = (key: string) => setWanted(key);
  return { focusTarget, moveFocus };
}

/**
 * A dialog's onCloseAutoFocus where its action moves the focus (useFocusAfterAction): the focus stays
 * where the action put it; closed without acting (Escape, Close), the dialog gives it back to the
 * control that opened it as usual.
 */
export function keepPlacedFocus(event: Event) {
  if (document.activeElement && document.activeElement !== document.body) event.preventDefault();
}
