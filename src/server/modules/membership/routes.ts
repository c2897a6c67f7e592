import type { FastifyInstance } from 'fastify';
import { CustomerGet, LoginPost, LogoutPost, MemberDetailsGet, TokenGet } from '../../../shared/api/membership.ts';
import { MorphToPost, UnblockPost } from '../../../shared/api/membership-staff.ts';
import { sessionMetaOf } from '../../auth/session-meta.ts';
import { registerCall } from '../../http/register-call.ts';
import { login } from './login.ts';
import { loginIpRateLimit, loginPhoneRateLimit, tokenIpRateLimit } from './rate-limits.ts';
import { morphTo } from './morph.ts';
import { unblockMember } from './unblock.ts';
import { currentCustomer, currentMemberDetails, logout, tokenLogin, type MembershipDeps } from './service.ts';

/** Membership (`/api/membership`): login, token login, the member details of a session, logout; the staff's unblock and morphTo. */

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
  registerCall(app, LogoutPost, ({ requireCustomer, request }) => logout(deps, requireCustomer(), request.log), {
    whileReadOnly: true,
  });
  registerCall(app, UnblockPost, ({ body, requireStaff, request }) =>
    unblockMember(deps, { staff: requireStaff(), request }, body),
  );
  registerCall(app, MorphToPost, ({ params, body, requireStaff, request }) =>
    morphTo(deps, { staff: requireStaff(), request }, params.customerId, body),
  );
}
