import { agreementDocument } from './agreement-document.ts';

export interface DocumentFrameProps {
  /** The document's HTML, as the server generated it. */
  readonly html: string;
  /** The frame's accessible name and the document's title. */
  readonly title: string;
  readonly className?: string;
}

/**
 * A legal document (agreement, SECCI, terms, restructure information) on screen: the server's HTML only ever in a
 * sandboxed frame, never in the page's DOM (agreement-document.ts says why that is safe). Every modal and page that
 * shows one uses this.
 */
export function DocumentFrame({ html, title, className }: DocumentFrameProps) {
  return <iframe className={className} title={title} sandbox="" srcDoc={agreementDocument(html, title)} />;
}
