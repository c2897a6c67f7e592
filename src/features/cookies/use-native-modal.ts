import { useEffect, useRef, type RefObject } from 'react';

/**
 * A native `<dialog>` shown as a modal that the customer cannot dismiss (second document §4: not by clicking
 * outside, not by Escape, not by a document click): only a choice inside it ends it, by unmounting it.
 *
 * `showModal()` puts it in the top layer, makes the rest of the page inert and moves the focus in. A click on the
 * backdrop never closes a native dialog; Escape is refused three ways: `closedby="none"` (current browsers), the
 * `cancel` event and the Escape keydown are cancelled, and should the browser close it anyway it is shown again.
 * Browsers without `showModal` (and jsdom) get the `open` attribute.
 *
 * The first `showModal()` runs in a task of its own, after the commit that mounted the dialog: making the page inert
 * restyles all of it, which would otherwise lengthen the hydration's commit on a first visit (the dialog shows on
 * every page until a choice is made) into one long task.
 */
export function useNativeModal(): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.setAttribute('closedby', 'none');
    const show = () => {
      if (dialog.open) return;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    };
    const refuse = (event: Event) => event.preventDefault();
    const refuseEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') event.preventDefault();
    };
    const reopen = () => {
      if (dialog.isConnected) show();
    };
    dialog.addEventListener('cancel', refuse);
    dialog.addEventListener('keydown', refuseEscape);
    dialog.addEventListener('close', reopen);
    const firstShow = setTimeout(show, 0);
    return () => {
      clearTimeout(firstShow);
      dialog.removeEventListener('cancel', refuse);
      dialog.removeEventListener('keydown', refuseEscape);
      dialog.removeEventListener('close', reopen);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);
  return ref;
}
