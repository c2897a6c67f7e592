/** The call-to-action destinations (first document §2): where 'Solicita YA' and the loan buttons lead. */
import type { CustomerStatus } from '../statuses.ts';
import { landingFor } from './access.ts';
import { buildPath } from './paths.ts';
import { LOAN_FLOW_QUERY } from './table.ts';

export interface CtaContext {
  readonly loggedIn: boolean;
  readonly status: CustomerStatus | null;
  /** The id of the loan flow stored for this customer, if any. */
  readonly loanFlowId?: string | null;
}

/**
 * Loan call-to-action destination (first document §2): logged out → login; with a stored loan-flow id → loanApply
 * (keeping the id in `l`); otherwise new → otp, preRegistered → addressDetails, registered, securityChecked and
 * systemApproved → loanRequest; any other status → its landing page.
 */
export function loanCtaDestination({ loggedIn, status, loanFlowId }: CtaContext): string {
  if (!loggedIn) return buildPath('login');
  if (loanFlowId) return buildPath('loanApply', {}, { [LOAN_FLOW_QUERY]: loanFlowId });
  switch (status) {
    case 'new':
      return buildPath('otp');
    case 'preRegistered':
      return buildPath('addressDetails');
    case 'registered':
    case 'securityChecked':
    case 'systemApproved':
      return buildPath('loanRequest');
    default:
      return landingFor(status);
  }
}

/**
 * 'Solicita YA' on the home page (first document §2): login if anonymous; otherwise the loan apply page when a loan
 * flow is stored for the customer, else the page for their status.
 */
export function homeCtaDestination({ loggedIn, status, loanFlowId }: CtaContext): string {
  if (!loggedIn) return buildPath('login');
  if (loanFlowId) return buildPath('loanApply', {}, { [LOAN_FLOW_QUERY]: loanFlowId });
  return landingFor(status);
}
