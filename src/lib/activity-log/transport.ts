import { ClientLogWritePost, ClientLogWritePut, type ClientLogRecord } from '../../shared/api/logs.ts';
import { CLIENT_LOG } from '../../shared/constants.ts';
import { callApi } from '../api/client.ts';

/** Sends one record; resolves on success, rejects (with an `ApiError` for the real one) on any failure. */
export interface ActivityLogTransport {
  /** `keepalive`: the page is going away; the request must outlive it. */
  send(record: ClientLogRecord, signal: AbortSignal, options?: { keepalive?: boolean }): Promise<void>;
}

/** The log calls: their own request events are not logged (the log would log itself forever). */
export const ACTIVITY_LOG_CALL_NAMES: ReadonlySet<string> = new Set([ClientLogWritePost.name, ClientLogWritePut.name]);

/**
 * The real transport: POST /logs/write for the first send, PUT afterwards (first document §7), 5-second timeout,
 * never a global dialog (`ignoreErrors`).
 */
export const apiActivityLogTransport: ActivityLogTransport = {
  async send(record, signal, options) {
    await callApi(
      record.firstInit ? ClientLogWritePost : ClientLogWritePut,
      { body: record },
      { ignoreErrors: true, timeoutMs: CLIENT_LOG.requestTimeoutMs, signal, keepalive: options?.keepalive === true },
    );
  },
};
