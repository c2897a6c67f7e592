import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../lib/ui/Button.tsx';

export interface ActionLinkProps {
  readonly to: string;
  readonly children: ReactNode;
  readonly variant?: 'primary' | 'secondary' | 'link';
  /** When set, the action cannot be taken now (offline, data out of date): a disabled button described by this id. */
  readonly disabledReasonId?: string | undefined;
}

/** A credit summary action: a link to its page, or a disabled button with the reason while it cannot be taken. */
export function ActionLink({ to, children, variant = 'primary', disabledReasonId }: ActionLinkProps) {
  if (disabledReasonId !== undefined) {
    return (
      <Button variant={variant} isDisabled aria-describedby={disabledReasonId}>
        {children}
      </Button>
    );
  }
  return (
    <Link className={`ui-button ui-button--${variant}`} to={to}>
      {children}
    </Link>
  );
}
