import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CamsGet,
  CollectionCompaniesGet,
  PanelUserPost,
  PanelUserPut,
  PanelUsersGet,
  ResetCamPasswordPost,
  StaffLoginPost,
  StaffLogoutPost,
  StaffMeGet,
  StaffPasswordChangePost,
  StaffTotpPost,
} from '../../../shared/api/staff.ts';
import { registerCall } from '../../http/register-call.ts';
import { keyedRateLimit } from '../../plugins/keyed-rate-limit.ts';
import { normalizeStaffEmail, staffLogin, staffTotp } from './login.ts';
import { createStaffUser, listStaffUsers, resetStaffPassword, updateStaffUserAccount } from './panel-users.ts';
import { changeStaffPassword, currentStaff, staffLogout, type StaffDeps } from './service.ts';
import { findActiveCams, findCollectionCompanies } from './users-repository.ts';

/**
 * The staff's own calls (`/api/membership/staff`): login with TOTP, who am I, logout, password change; and the staff
 * users' calls: the agents and companies to pick from, the administrators' accounts list, creation, change and reset.
 */

const MINUTE = 60_000;
/** Per client IP, and per e-mail whatever the IP (docs/backoffice.md §1). */
export const STAFF_LOGIN_RATE_LIMIT = { max: 10, timeWindow: MINUTE };
/** Per client IP for the codes: five wrong ones lock the account anyway. */
const STAFF_TOTP_RATE_LIMIT = { max: 20, timeWindow: MINUTE };

export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const deps: StaffDeps = {
    db: app.db,
    clock: app.clock,
    totpKey: app.secrets.staffTotpKey,
    issuer: app.config.lender.tradeName,
  };

  await app.register(async (scope) => {
    const emailLimit = keyedRateLimit(scope, {
      name: 'staff-login-email',
      ...STAFF_LOGIN_RATE_LIMIT,
      key: (request: FastifyRequest) => normalizeStaffEmail((request.body as { email: string }).email),
      log: { event: 'staffLogin', outcome: 'emailRateLimited' },
    });
    if (emailLimit) scope.addHook('preHandler', emailLimit);
    registerCall(scope, StaffLoginPost, ({ body, request }) => staffLogin(deps, body, request.log), {
      rateLimit: STAFF_LOGIN_RATE_LIMIT,
    });
  });
  registerCall(app, StaffTotpPost, ({ body, request }) => staffTotp(deps, body, request), {
    rateLimit: STAFF_TOTP_RATE_LIMIT,
  });
  registerCall(app, StaffMeGet, ({ requireStaff }) => currentStaff(requireStaff()), {
    whilePasswordChangePending: true,
  });
  registerCall(
    app,
    StaffLogoutPost,
    ({ requireStaff, request }) => staffLogout(deps, { staff: requireStaff(), request }),
    {
      whilePasswordChangePending: true,
    },
  );
  registerCall(
    app,
    StaffPasswordChangePost,
    ({ body, requireStaff, request }) => changeStaffPassword(deps, { staff: requireStaff(), request }, body),
    {
      whilePasswordChangePending: true,
    },
  );

  registerCall(app, CamsGet, () => findActiveCams(app.db));
  registerCall(app, CollectionCompaniesGet, () => findCollectionCompanies(app.db));
  registerCall(app, PanelUsersGet, ({ query }) => listStaffUsers(deps, query));
  registerCall(app, PanelUserPost, ({ body, requireStaff, request }) =>
    createStaffUser(deps, { staff: requireStaff(), request }, body),
  );
  registerCall(app, PanelUserPut, ({ params, body, requireStaff, request }) =>
    updateStaffUserAccount(deps, { staff: requireStaff(), request }, params.staffUserId, body),
  );
  registerCall(app, ResetCamPasswordPost, ({ body, requireStaff, request }) =>
    resetStaffPassword(deps, { staff: requireStaff(), request }, body),
  );
}
