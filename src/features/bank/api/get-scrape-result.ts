import { callApi } from '../../../lib/api/client.ts';
import { AccountsAfterScrapeGet, type ScrapeSessionResult } from '../../../shared/api/bank.ts';

/** AccountsAfterScrapeGet: the scrape session's status and the accounts it added. */
export function getScrapeResult(sessionId: string, signal?: AbortSignal): Promise<ScrapeSessionResult> {
  return callApi(AccountsAfterScrapeGet, { query: { sessionId } }, signal ? { signal } : {});
}
