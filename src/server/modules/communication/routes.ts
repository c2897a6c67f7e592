import type { FastifyInstance } from 'fastify';
import {
  CheckPermissionsPost,
  CommMarketingUnsubscribePost,
  PermissionHistoryGet,
  SmsMarkasreadGetBySmsId,
  UpdateCommunicationPermissionPost,
} from '../../../shared/api/communication.ts';
import { SmsHistoryGet, StaffPermissionsGet, StaffPermissionsPost } from '../../../shared/api/communication-staff.ts';
import { registerCall } from '../../http/register-call.ts';
import {
  acknowledgeSmsRead,
  checkPermissions,
  permissionHistory,
  updateCommunicationPermission,
  type CommunicationDeps,
} from './service.ts';
import { registerSandboxUnsubscribeLinks } from './sandbox-links.ts';
import { staffPermissions, staffSentMessages, staffSetPermissions } from './staff.ts';
import { unsubscribeFromMarketing } from './unsubscribe.ts';

/**
 * Communication (`/api/communication`): the e-mail unsubscribe link and SMS read receipts, both public (they come
 * from links in messages), each with its own per-IP limit; the logged-in customer's communication permissions
 * (check, update, history). Sandbox: the demo customers' unsubscribe links.
 */

const MINUTE = 60_000;
export const unsubscribeRateLimit = { max: 30, timeWindow: MINUTE };
export const smsReadRateLimit = { max: 60, timeWindow: MINUTE };

export async function communicationRoutes(app: FastifyInstance): Promise<void> {
  const deps: CommunicationDeps = { db: app.db, clock: app.clock };

  registerCall(
    app,
    CommMarketingUnsubscribePost,
    ({ body, request }) => unsubscribeFromMarketing(deps, body, request.log),
    {
      rateLimit: unsubscribeRateLimit,
    },
  );
  registerCall(
    app,
    SmsMarkasreadGetBySmsId,
    ({ params, request }) => acknowledgeSmsRead(deps, params.smsId, request.log),
    {
      rateLimit: smsReadRateLimit,
    },
  );
  registerCall(app, CheckPermissionsPost, ({ body, requireCustomer }) =>
    checkPermissions(deps, requireCustomer(), body),
  );
  registerCall(app, UpdateCommunicationPermissionPost, ({ body, requireCustomer, request }) =>
    updateCommunicationPermission(deps, requireCustomer(), body, request.log),
  );
  registerCall(app, PermissionHistoryGet, ({ requireCustomer }) => permissionHistory(deps, requireCustomer()));

  // The customer file's communication tab (docs/backoffice.md §5): reads, logged with who asked (registerCall).
  registerCall(app, StaffPermissionsGet, ({ params, query, requireStaff }) =>
    staffPermissions(app.db, requireStaff(), params.customerId, query),
  );
  registerCall(app, SmsHistoryGet, ({ params, query, requireStaff }) =>
    staffSentMessages(app.db, requireStaff(), params.customerId, query),
  );
  registerCall(app, StaffPermissionsPost, ({ params, body, requireStaff, request }) =>
    staffSetPermissions(deps, { staff: requireStaff(), request }, params.customerId, body),
  );
  registerSandboxUnsubscribeLinks(app);
}
