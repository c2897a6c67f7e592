import { useEffect } from 'react';
import { BRAND } from '../../shared/constants.ts';
import { SHELL_MESSAGES } from '../../shared/messages.ts';
import { SHELL_TEXTS } from '../texts.ts';

/**
 * The crash screen (first document §2): any render error of the app; the retry reloads the page. Inside the shell it
 * replaces the page; when the shell itself failed it is the whole document's main content.
 */
export function CrashScreen({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  useEffect(() => {
    document.title = `${BRAND} | ${SHELL_MESSAGES.crashTitle}`;
  }, [error]);
  const content = (
    <section className="page page-crash" aria-labelledby="crash-title">
      <h1 id="crash-title">{SHELL_MESSAGES.crashTitle}</h1>
      <button type="button" className="ui-button ui-button--primary" onClick={() => window.location.reload()}>
        {SHELL_TEXTS.retry}
      </button>
    </section>
  );
  return standalone ? <main className="container">{content}</main> : content;
}
