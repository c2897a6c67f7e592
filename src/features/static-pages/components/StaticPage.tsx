import type { ReactNode } from 'react';
import { routes } from '../../../shared/routes/table.ts';
import type { StaticPageKey } from '../page-meta.ts';
import { usePageMeta } from '../use-page-meta.ts';
import '../static-pages.css';

interface StaticPageProps {
  routeKey: StaticPageKey;
  /** The introduction under the title. */
  lead: ReactNode;
  /** A note under the lead (e.g. the date of a policy). */
  note?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every static page: one h1 with the route table's title, the lead, then the page's sections (each
 * an h2, its subsections h3). It also keeps the document's meta description and canonical URL on the page.
 */
export function StaticPage({ routeKey, lead, note, children }: StaticPageProps) {
  usePageMeta(routeKey);
  return (
    <article className="page static-page" aria-labelledby="page-title">
      <header className="static-page-header">
        <h1 id="page-title">{routes[routeKey].title}</h1>
        <p className="static-page-lead">{lead}</p>
        {note ? <p className="static-page-note">{note}</p> : null}
      </header>
      {children}
    </article>
  );
}

interface SectionProps {
  /** The section's id: the target of in-page links. */
  id: string;
  title: ReactNode;
  children: ReactNode;
}

/** One titled section of a static page (h2). */
export function Section({ id, title, children }: SectionProps) {
  const titleId = `${id}-title`;
  return (
    <section className="static-section" id={id} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}
