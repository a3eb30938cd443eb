import { useState } from 'react';

/**
 * Where the focus goes once the user's own action has gone through and the control they pressed is
 * gone: to what replaced it (the new status, a confirmation, the form a button opened). Call
 * `moveFocus(key)` after the action; the element rendered with `ref={focusTarget(key)}` (tabIndex={-1}
 * unless it is a control) takes the focus as soon as it is there, at once or when the page has caught
 * up with the server's answer, and is scrolled into view with what surrounds it when that is marked
 * `data-reveal`. A key names the state the action leads to (a status, a revision), so
 * the element as it was before never takes it. Only moveFocus moves the focus: loading a page or a
 * background refresh never does.
 */
export function useFocusAfterAction() {
  const [wanted, setWanted] = useState<string | null>(null);
  const focusTarget = (key: string) => (el: HTMLElement | null) => {
    if (!el || key !== wanted) return;
    el.focus({ preventScroll: true });
    reveal(el.closest<HTMLElement>('[data-reveal]') ?? el);
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

/** What ends keeping an element in view: the person scrolling, touching, clicking or typing. */
const USER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
const KEEP_IN_VIEW_MS = 1_000;

/**
 * Scrolls `area` (what replaced the control, with the next steps when marked data-reveal) into view,
 * and keeps it there for a second while the page catches up: answers arriving after the action (a
 * panel's new text above it) would push it down again. Stops at once when the person acts.
 */
function reveal(area: HTMLElement) {
  const show = () => area.scrollIntoView({ block: 'nearest' });
  show();
  const observer = new ResizeObserver(show);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of USER_INPUT) window.removeEventListener(type, stop, true);
  };
  const timer = window.setTimeout(stop, KEEP_IN_VIEW_MS);
  for (const type of USER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  observer.observe(document.body);
}
