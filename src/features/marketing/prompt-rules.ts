import type { RouteKey } from '../../shared/routes/table.ts';
import { canSeeMarketingPrompt, type CustomerStatus } from '../../shared/statuses.ts';

/**
 * When the '¡Bienvenido de nuevo!' opt-in prompt may show (second document §2, §4):
 * - only to preRegistered, registered, systemApproved or securityChecked customers;
 * - not within 7 days of the last time on this device (marketingPromptAtom lives 7 days), nor within 7 days of the
 *   customer's last choice anywhere (the server's `lastChoiceDate`, checked by prompt-flow.ts once these rules pass);
 * - never over the cookie consent modal: only once the customer has decided on cookies.
 * Decision: only on the pages a returning customer lands on (home, dashboard), never in the middle of a flow
 * (registration, address, loan request, payment), where a marketing question would interrupt a task.
 */
export const PROMPT_ROUTES: ReadonlySet<RouteKey> = new Set<RouteKey>(['home', 'dashboard']);

export interface PromptContext {
  /** Start-up has finished: the session is verified. */
  readonly ready: boolean;
  readonly status: CustomerStatus | null;
  /** The cookie choice is stored (the cookie modal is not showing). */
  readonly cookieConsentDecided: boolean;
  /** When the prompt was last shown (within the last 7 days), or null. */
  readonly lastShownAt: string | null;
  readonly route: RouteKey;
}

export function mayShowMarketingPrompt(context: PromptContext): boolean {
  return (
    context.ready &&
    context.status !== null &&
    canSeeMarketingPrompt(context.status) &&
    context.cookieConsentDecided &&
    context.lastShownAt === null &&
    PROMPT_ROUTES.has(context.route)
  );
}
