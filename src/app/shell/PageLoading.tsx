import { SHELL_TEXTS } from '../texts.ts';

/** While a page's code loads, or while start-up decides who the customer is. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{SHELL_TEXTS.loading}</span>
    </div>
  );
}
