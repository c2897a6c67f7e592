import type { ClientCall } from '../../shared/api/wire/light-call.ts';
import { APPLICATION_NAME, LOCALE } from '../../shared/constants.ts';
import type { ApiConfig } from './configure.ts';
import { randomId } from './random-id.ts';

/** X-Member-Role before login (first document §6 roles: none, user, …). */
export const ANONYMOUS_ROLE = 'none';

/**
 * The spec's request headers (first document §7, second document §7.3): Application, X-App-Version,
 * X-Member-Role, Client-Unique and Accept-Language on every request; Authorization (Bearer) and X-Member-ID after
 * login; Idempotency-Key on money-moving calls. Headers the caller passes are applied last (they win).
 */
export function requestHeaders(
  call: ClientCall,
  config: ApiConfig,
  extra: Readonly<Record<string, string>> = {},
  idempotencyKey?: string,
): Record<string, string> {
  const auth = config.getAuth();
  const headers: Record<string, string> = {
    Application: APPLICATION_NAME,
    'X-App-Version': config.appVersion,
    'X-Member-Role': auth?.role || ANONYMOUS_ROLE,
    'Client-Unique': config.getClientUniqueId(),
    'Accept-Language': LOCALE,
    Accept: 'application/json',
  };
  if (auth) {
    headers['Authorization'] = `Bearer ${auth.token}`;
    headers['X-Member-ID'] = String(auth.memberId);
  }
  if (call.idempotent) headers['Idempotency-Key'] = idempotencyKey ?? randomId();
  return { ...headers, ...extra };
}
