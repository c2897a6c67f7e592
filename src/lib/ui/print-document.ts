/**
 * 'Imprimir' of the agreement modal (second document §2, §9: print delay 1 s). The document (already a full HTML
 * document, see agreement-document.ts) goes into a hidden frame that is sandboxed WITHOUT scripts: `allow-modals`
 * lets the print dialog open and `allow-same-origin` lets this page call the frame's `print()`; nothing in the
 * document can run. After the delay the frame's print dialog opens; the frame is removed afterwards.
 */

export const PRINT_FRAME_SANDBOX = 'allow-same-origin allow-modals';
/** How long the frame stays after `print()` returns (browsers where the dialog does not block). */
const REMOVE_AFTER_MS = 60_000;

export interface PrintOptions {
  /** Wait before the print dialog (the spec's agreement print delay). */
  delayMs: number;
  doc?: Document;
}

/** Prints an HTML document after the delay. Resolves once `print()` was called (or the frame is gone). */
export function printDocument(html: string, { delayMs, doc = document }: PrintOptions): Promise<void> {
  const frame = doc.createElement('iframe');
  frame.setAttribute('sandbox', PRINT_FRAME_SANDBOX);
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('data-print-frame', '');
  frame.tabIndex = -1;
  frame.title = 'print';
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
  frame.srcdoc = html;
  doc.body.append(frame);
  return new Promise((resolve) => {
    setTimeout(() => {
      try {
        const view = frame.contentWindow;
        view?.focus();
        view?.print();
      } catch (error) {
        console.warn('The document could not be printed', error);
      } finally {
        setTimeout(() => frame.remove(), REMOVE_AFTER_MS);
        resolve();
      }
    }, delayMs);
  });
}
