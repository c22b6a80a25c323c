/**
 * Keeps Tab and Shift+Tab inside the open dialog. react-bootstrap only pulls focus back
 * after it has left, so one Tab past the last button used to reach the page behind
 * (e.g. the skip link). Installed once for the whole app: later calls (each dialog makes one) do nothing.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function topDialog(): HTMLElement | null {
  const dialogs = document.querySelectorAll<HTMLElement>('.modal.show[role="dialog"]');
  return dialogs[dialogs.length - 1] ?? null;
}

function visible(el: HTMLElement): boolean {
  return el.getClientRects().length > 0;
}

let installed = false;

export function installModalFocusTrap(): void {
  if (installed) return;
  installed = true;
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Tab' || event.defaultPrevented) return;
      const dialog = topDialog();
      if (!dialog) return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(visible);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      const inside = active instanceof HTMLElement && dialog.contains(active);
      if (event.shiftKey && (!inside || active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    },
    true,
  );
}
