import type { FastifyInstance } from 'fastify';
import { LogoutPost, MemberDetailsGet, TokenGet, CustomerGet, LoginPost } from '../../../shared/api/membership.ts';
import { sessionMetaOf } from '../../auth/session-meta.ts';
import { registerCall } from '../../http/register-call.ts';
import { login } from './login.ts';
import { loginIpRateLimit, loginPhoneRateLimit, tokenIpRateLimit } from './rate-limits.ts';
import { currentCustomer, currentMemberDetails, logout, tokenLogin, type MembershipDeps } from './service.ts';

/** Membership (`/api/membership`): login, token login, the member details of a session, logout. */

export async function membershipRoutes(app: FastifyInstance): Promise<void> {
  const deps: MembershipDeps = { db: app.db, clock: app.clock, jwtKey: app.secrets.jwtKey };

  // The login route in its own scope: the per-phone limiter hook applies to it alone.
  await app.register(async (scope) => {
    const phoneLimit = loginPhoneRateLimit(scope);
    if (phoneLimit) scope.addHook('preHandler', phoneLimit);
    registerCall(scope, LoginPost, ({ body, request }) => login(deps, body, sessionMetaOf(request), request.log), {
      rateLimit: loginIpRateLimit,
    });
  });

  registerCall(app, TokenGet, ({ params }) => tokenLogin(deps, params.token), { rateLimit: tokenIpRateLimit });
  registerCall(app, MemberDetailsGet, ({ requireCustomer, request }) =>
    currentMemberDetails(deps, requireCustomer(), request.log),
  );
  registerCall(app, CustomerGet, ({ requireCustomer, request }) =>
    currentCustomer(deps, requireCustomer(), request.log),
  );
  registerCall(app, LogoutPost, ({ requireCustomer, request }) => logout(deps, requireCustomer(), request.log));
}
