/**
 * Brings a form field into view: after a failed submit the customer lands on the first field with an error (first
 * document §2 "Signup scrolls to the first field with an error on a failed submit"). The field's box is centred, so
 * the fixed header never covers it; react-hook-form's `setFocus` then gives the control focus.
 */
export function scrollToField(form: HTMLFormElement | null, name: string): void {
  // Every control carries its field name: the input, the select's hidden native select, the date picker's hidden input.
  const control = form?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
  const box = control?.closest<HTMLElement>('.ui-field, .ui-choice') ?? control;
  if (!box) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  box.scrollIntoView?.({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
}
