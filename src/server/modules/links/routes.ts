import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CustomerForLoginRedirectionGet, LoginWithRepayTokenPostByRepayToken } from '../../../shared/api/links.ts';
import { registerCall } from '../../http/register-call.ts';
import { customerForLoginRedirection, loginWithRepayToken, type LinksDeps, type RepayLoginMeta } from './service.ts';

/**
 * Repay short links: the token login and the customer info that picks the destination. Tokens carry 256 bits, so
 * guessing is hopeless; the per-IP limits keep scanning bounded anyway (429 in the spec's shape). One opening of
 * a link makes one call of each.
 */

const MINUTE = 60_000;
export const repayLoginRateLimit = { max: 20, timeWindow: MINUTE };
export const repayRedirectionRateLimit = { max: 30, timeWindow: MINUTE };

const USER_AGENT_MAX = 512;

const metaOf = (request: FastifyRequest): RepayLoginMeta => ({
  userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
  ip: request.ip || null,
});

export async function linksRoutes(app: FastifyInstance): Promise<void> {
  const deps: LinksDeps = { db: app.db, clock: app.clock, jwtKey: app.secrets.jwtKey };

  registerCall(
    app,
    LoginWithRepayTokenPostByRepayToken,
    ({ params, request }) => loginWithRepayToken(deps, params.repayToken, metaOf(request), request.log),
    { rateLimit: repayLoginRateLimit },
  );
  registerCall(
    app,
    CustomerForLoginRedirectionGet,
    ({ query, request }) => customerForLoginRedirection(deps, query.repayToken, request.log),
    { rateLimit: repayRedirectionRateLimit },
  );
}
