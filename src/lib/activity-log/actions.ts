import { CLIENT_LOG_LIMITS, type ClientLogAction } from '../../shared/api/logs.ts';
import { LOG_TEXTS } from '../../shared/messages.ts';

/**
 * Building the actions of the client log record (second document §3) so the server always accepts them: the
 * payload becomes plain JSON (an unserialisable one is the string 'JSON stringify error', second document §8), a
 * payload longer than the contract's limit is cut to a string that fits, and long texts are clipped.
 */

const MAX_TYPE = 100;
const MAX_PAGE = 2_000;

/** The payload as JSON data, or undefined when there is nothing to send. */
export function safePayload(payload: unknown): ClientLogAction['payload'] {
  if (payload === undefined) return undefined;
  let text: string | undefined;
  try {
    text = JSON.stringify(payload);
  } catch {
    return LOG_TEXTS.stringifyError;
  }
  if (text === undefined) return undefined;
  if (text.length <= CLIENT_LOG_LIMITS.payloadChars) return JSON.parse(text) as ClientLogAction['payload'];
  // Too long: keep the beginning of the JSON text, as a string whose own JSON form fits the limit.
  let clipped = text.slice(0, CLIENT_LOG_LIMITS.payloadChars - 2);
  while (JSON.stringify(clipped).length > CLIENT_LOG_LIMITS.payloadChars) {
    clipped = clipped.slice(0, Math.floor(clipped.length * 0.9));
  }
  return clipped;
}

export function buildAction(type: string, activePage: string, time: number, payload?: unknown): ClientLogAction {
  const action: ClientLogAction = {
    type: type.slice(0, MAX_TYPE) || 'unknown',
    activePage: activePage.slice(0, MAX_PAGE),
    actionTime: new Date(time).toISOString(),
  };
  const data = safePayload(payload);
  if (data !== undefined) action.payload = data;
  return action;
}

/** The text of a thrown value or rejection reason. */
export function errorText(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  if (typeof reason === 'string') return reason;
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
}
