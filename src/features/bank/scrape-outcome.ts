import { BANK_SCRAPE_MESSAGES } from '../../shared/messages-loan.ts';
import type { ScrapeSessionStatus } from '../../shared/card-statuses.ts';

/**
 * What the bank page does with a scrape session's status (second document §2, §4, §8):
 * - inProgress: 'Procesando', ask again after 10 s;
 * - succeeded: the account is linked (and the credit decision has run): the success toast, then on by status;
 * - decisionRejected: the account is linked but the decision declined the customer: the declined dashboard;
 * - the failures, each with its §8 text: the provider's session failed (wrong credentials, the customer may simply
 *   try again), the provider did not answer in time (the account could not be added), the decision could not be
 *   made from this account (another account may do).
 */
export type ScrapeOutcome =
  | { readonly kind: 'processing' }
  | { readonly kind: 'linked' }
  | { readonly kind: 'declined' }
  | { readonly kind: 'failed'; readonly message: string };

export function scrapeOutcome(status: ScrapeSessionStatus): ScrapeOutcome {
  switch (status) {
    case 'inProgress':
      return { kind: 'processing' };
    case 'succeeded':
      return { kind: 'linked' };
    case 'decisionRejected':
      return { kind: 'declined' };
    case 'sessionFailed':
      return { kind: 'failed', message: BANK_SCRAPE_MESSAGES.error };
    case 'unnaxResponseTimeout':
      return { kind: 'failed', message: BANK_SCRAPE_MESSAGES.couldNotAddAccount };
    case 'decisionFailed':
      return { kind: 'failed', message: BANK_SCRAPE_MESSAGES.couldNotAddThisAccount };
  }
}
