/**
 * Moves the focus to the element showing an action's result (e.g. the new status after Deploy)
 * once the confirmation dialog has closed — a closing <dialog> hands the focus back to the button
 * that opened it, which may be gone by then (the page body would get it). Retries briefly while
 * React renders the result.
 */
export function focusResult(id: string, attempts = 40) {
  const step = (left: number) => {
    const el = document.getElementById(id);
    if (el && !document.querySelector('dialog[open]')) {
      el.focus();
      if (document.activeElement === el) return;
    }
    if (left > 0) setTimeout(() => step(left - 1), 50);
  };
  setTimeout(() => step(attempts), 0);
}
