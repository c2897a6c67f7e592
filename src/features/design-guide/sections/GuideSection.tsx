import type { ReactNode } from 'react';

export interface GuideSectionProps {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One section of the design guide: an h2 heading that labels the section, and its examples. */
export function GuideSection({ id, title, description, children }: GuideSectionProps) {
  const headingId = `${id}-titulo`;
  return (
    <section id={id} className="design-guide-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {description && <p className="design-guide-description">{description}</p>}
      {children}
    </section>
  );
}
