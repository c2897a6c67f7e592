import { NAVIGATION_TEXTS } from '../../shared/messages.ts';
import { canAccess } from '../../shared/routes/access.ts';
import { fillPath } from '../../shared/routes/paths.ts';
import type { RouteKey } from '../../shared/routes/table.ts';
import type { CustomerStatus } from '../../shared/statuses.ts';
import { SHELL_TEXTS } from '../texts.ts';

export interface MenuLink {
  readonly label: string;
  readonly to: string;
  /** Shown as the menu's main button (the loan call-to-action). */
  readonly primary?: boolean;
}

/** The customer area's pages of the menu (first document §2), each shown only to the statuses its route admits. */
const AREA_LINKS: ReadonlyArray<{ readonly route: RouteKey; readonly label: string }> = [
  { route: 'dashboard', label: NAVIGATION_TEXTS.clientArea },
  { route: 'creditHistory', label: NAVIGATION_TEXTS.loanHistory },
  { route: 'account', label: NAVIGATION_TEXTS.accountManagement },
];

/** The statuses for which the loan call-to-action goes on with the registration (new → otp, preRegistered → address). */
const REGISTERING: readonly CustomerStatus[] = ['new', 'preRegistered'];
/** The statuses that may request a loan (when none is running): the call-to-action goes to the loan request. */
const MAY_REQUEST: readonly CustomerStatus[] = ['registered', 'securityChecked', 'systemApproved'];

/**
 * The logged-in customer's menu links by status (first document §2 "Mobile menu", §6 access): 'Area de Clientes',
 * 'Historial de Prestamos' and 'Gestion de la Cuenta' for the statuses their routes admit (registered and later,
 * declined and the collection, legal and fraud statuses included; never a link the access rule would bounce);
 * a customer still registering (new, preRegistered) gets 'Completa tu registro' to where they left off instead;
 * one who may request a loan and has none running gets 'Solicita tu préstamo' (`loanCta`: the loan call-to-action's
 * destination, a stored loan flow first). 'Cerrar Sesion' is the panel's, for every status.
 */
export function customerMenuLinks(
  status: CustomerStatus | null,
  { hasActiveLoan, loanCta }: { readonly hasActiveLoan: boolean; readonly loanCta: string },
): MenuLink[] {
  if (status === null) return [];
  const links: MenuLink[] = AREA_LINKS.filter((link) => canAccess(link.route, status)).map((link) => ({
    label: link.label,
    to: fillPath(link.route),
  }));
  if (REGISTERING.includes(status)) links.push({ label: SHELL_TEXTS.completeRegistration, to: loanCta, primary: true });
  else if (MAY_REQUEST.includes(status) && !hasActiveLoan) {
    links.push({ label: SHELL_TEXTS.loanCta, to: loanCta, primary: true });
  }
  return links;
}
