import { useId, type ReactNode } from 'react';
import type { StepName } from '../../texts.ts';
import type { StepHeader } from '../../use-loan-request-form.ts';

interface StepProps extends StepHeader {
  name: StepName;
  children?: ReactNode;
}

/** One numbered step: its heading, its status banner and its field. */
export function Step({ name, number, title, banner, children }: StepProps) {
  const headingId = useId();
  return (
    <section className="loan-step" data-step={name} data-state={banner.state} aria-labelledby={headingId}>
      <h2 id={headingId} className="loan-step-title">
        {number}. {title}
      </h2>
      <p className="loan-step-banner" data-state={banner.state} data-testid={`banner-${name}`}>
        {banner.text}
      </p>
      {children}
    </section>
  );
}
