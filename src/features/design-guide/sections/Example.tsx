import type { ReactNode } from 'react';

export interface ExampleProps {
  title: string;
  children: ReactNode;
  /** Lay the children out in a row (buttons) instead of a column (fields). */
  row?: boolean;
}

/** A titled example inside a guide section. */
export function Example({ title, children, row = false }: ExampleProps) {
  return (
    <div className="design-guide-example">
      <h3>{title}</h3>
      <div className={row ? 'design-guide-row' : 'design-guide-stack'}>{children}</div>
    </div>
  );
}
