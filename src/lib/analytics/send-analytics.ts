import { AnalyticsEventsPost, type AnalyticsBatch } from '../../shared/api/analytics.ts';
import { CLIENT_LOG } from '../../shared/constants.ts';
import { callApi } from '../api/client.ts';

/**
 * Posts one batch to the product's analytics endpoint. Loaded by the sink (./server-sink.ts) only once the customer
 * has granted analytics and something is to be sent, so the contract's schemas (zod) stay out of the first load.
 * Never a global dialog (`ignoreErrors`), the client log's short timeout; `keepalive` as the page goes away.
 */
export async function sendAnalyticsBatch(batch: AnalyticsBatch, keepalive: boolean): Promise<void> {
  await callApi(
    AnalyticsEventsPost,
    { body: batch },
    { ignoreErrors: true, timeoutMs: CLIENT_LOG.requestTimeoutMs, keepalive },
  );
}
