import { callApi } from '../../../lib/api/client.ts';
import { WidgetInitPost, type OpenBankingProvider, type WidgetInitResult } from '../../../shared/api/bank.ts';

/**
 * WidgetInitPost: starts a provider's open-banking widget; answers its URL and the scrape session to poll. An answer
 * without a widget URL (it breaks the contract: `invalidResponse`) is the page's own message (second document §8
 * "Widgets"), not the global 'Recargar' dialog; every other failure goes to the global catalogue as usual.
 */
export function initWidget(
  provider: OpenBankingProvider,
  acceptTerms: boolean,
  /** The bank chosen in the app (its entity code): the widget opens at its login. */
  bankCode?: string,
): Promise<WidgetInitResult> {
  const body = bankCode === undefined ? { acceptTerms, provider } : { acceptTerms, provider, bankCode };
  return callApi(WidgetInitPost, { body }, { handledByCaller: (error) => error.kind === 'invalidResponse' });
}
