/** The access rules of the route table (first document §6): who may enter, where a status lands, redirects. */
import type { CustomerStatus } from '../statuses.ts';
import { buildPath, fillPath } from './paths.ts';
import { routes, type RouteKey } from './table.ts';

/**
 * Whether a visitor (status null) or a customer with `status` may enter the route (first document §6): the error
 * route is always open; a route without restrictions is open; otherwise the status must be in the allowed list (if
 * any) and not in the forbidden list. A visitor may enter only routes without an allowed list.
 */
export function canAccess(key: RouteKey, status: CustomerStatus | null): boolean {
  const route = routes[key];
  if (route.kind === 'notFound') return true;
  if (status === null) return !route.requiresLogin;
  if (route.forbidden?.includes(status)) return false;
  if (route.allowed !== undefined && !route.allowed.includes(status)) return false;
  return true;
}

/** The default landing route of a status (first document §4); home when the status has none. */
export function landingRouteFor(status: CustomerStatus | null | undefined): RouteKey {
  switch (status) {
    case 'new':
      return 'otp';
    case 'preRegistered':
      return 'addressDetails';
    case 'registered':
      return 'bankCredentials';
    case 'systemApproved':
    case 'declined':
    case 'securityChecked':
    case 'internalCollection':
    case 'externalCollection':
    case 'processCollection':
    case 'legal':
    case 'fraud':
    case 'legalCollection':
      return 'dashboard';
    default:
      return 'home';
  }
}

/** The default landing path of a status (first document §4 table); '/' when the status has none. */
export function landingFor(status: CustomerStatus | null | undefined): string {
  return fillPath(landingRouteFor(status));
}

/** Where a status is sent by the status redirect: systemApproved → dashboard, registered → bank credentials, otherwise the status home (or home). */
export function statusRedirectRoute(status: CustomerStatus | null | undefined): RouteKey {
  if (status === 'systemApproved') return 'dashboard';
  if (status === 'registered') return 'bankCredentials';
  return landingRouteFor(status);
}

export type DenialOutcome = { readonly kind: 'loginRequired' } | { readonly kind: 'redirect'; readonly to: string };

/**
 * What happens when access is denied (first document §6): visitors without a login get the login-required page;
 * customers are redirected by status.
 */
export function redirectOnDenial(_key: RouteKey, status: CustomerStatus | null): DenialOutcome {
  if (status === null) return { kind: 'loginRequired' };
  return { kind: 'redirect', to: fillPath(statusRedirectRoute(status)) };
}

/**
 * The guard's full decision for one navigation: enter, show the login-required page, or redirect. It applies the
 * "redirects by status even when granted" rule of the bank-credentials route.
 */
export type AccessDecision = { readonly kind: 'allow' } | DenialOutcome;

export function decideAccess(key: RouteKey, status: CustomerStatus | null): AccessDecision {
  if (!canAccess(key, status)) return redirectOnDenial(key, status);
  const to = redirectWhenGranted(key, status);
  return to === undefined ? { kind: 'allow' } : { kind: 'redirect', to };
}

/**
 * For routes that redirect by status even when access is granted (bank credentials): the status redirect target
 * when it is another route, otherwise undefined (stay).
 */
export function redirectWhenGranted(key: RouteKey, status: CustomerStatus | null): string | undefined {
  const route = routes[key];
  if (!route.redirectByStatusWhenGranted || status === null || route.stayWhenGranted.includes(status)) return undefined;
  const target = statusRedirectRoute(status);
  return target === key ? undefined : fillPath(target);
}

/** The login link of the login-required page: /login with redirectTo = the current path and query, encoded. */
export function loginRequiredPath(currentPathAndQuery: string): string {
  return buildPath('login', {}, { redirectTo: currentPathAndQuery });
}

/** Where a redirect row sends a request (`search` is the current query string, with or without '?'). */
export function redirectRowTarget(key: RouteKey, search = ''): string | undefined {
  const route = routes[key];
  if (route.kind !== 'redirect' || route.redirectTo === undefined) return undefined;
  const target = fillPath(route.redirectTo);
  const query = search.startsWith('?') ? search.slice(1) : search;
  return route.keepQuery && query !== '' ? `${target}?${query}` : target;
}
