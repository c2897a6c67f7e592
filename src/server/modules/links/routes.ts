import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CustomerForLoginRedirectionGet,
  HandoverGet,
  HandoverLoginPost,
  HandoverOtpPost,
  LoginWithRepayTokenPostByRepayToken,
} from '../../../shared/api/links.ts';
import { HandoverCreatePost } from '../../../shared/api/links-staff.ts';
import { deriveKey } from '../../auth/derived-keys.ts';
import { registerCall } from '../../http/register-call.ts';
import { createHandover, handoverOf, loginWithHandover, sendHandoverCode, type HandoverDeps } from './handover.ts';
import { customerForLoginRedirection, loginWithRepayToken, type LinksDeps, type RepayLoginMeta } from './service.ts';

/**
 * Repay short links: the token login and the customer info that picks the destination. Tokens carry 256 bits, so
 * guessing is hopeless; the per-IP limits keep scanning bounded anyway (429 in the spec's shape). One opening of
 * a link makes one call of each.
 */

const MINUTE = 60_000;
export const repayLoginRateLimit = { max: 20, timeWindow: MINUTE };
export const repayRedirectionRateLimit = { max: 30, timeWindow: MINUTE };
/** The handover's calls: an id of 128 bits, and at most 10 code requests and 20 logins a minute per IP. */
export const handoverRateLimits = {
  read: { max: 30, timeWindow: MINUTE },
  code: { max: 10, timeWindow: MINUTE },
  login: { max: 20, timeWindow: MINUTE },
};

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

  const handover: HandoverDeps = {
    ...deps,
    codeKey: deriveKey(app.secrets.jwtKey, 'one-time-codes'),
    sms: app.providers.sms,
    publicUrl: app.config.publicUrl,
    webOtpHost: app.config.webOtpHost,
  };
  registerCall(app, HandoverCreatePost, ({ body, requireStaff, request }) =>
    createHandover(handover, { staff: requireStaff(), request }, body.customerId, request.log),
  );
  registerCall(app, HandoverGet, ({ params, request }) => handoverOf(handover, params.introductionId, request.log), {
    rateLimit: handoverRateLimits.read,
  });
  registerCall(
    app,
    HandoverOtpPost,
    ({ params, request }) => sendHandoverCode(handover, params.introductionId, request.log),
    { rateLimit: handoverRateLimits.code },
  );
  registerCall(
    app,
    HandoverLoginPost,
    ({ params, body, request }) =>
      loginWithHandover(handover, params.introductionId, body.code, metaOf(request), request.log),
    { rateLimit: handoverRateLimits.login },
  );
}
