import type { FastifyInstance } from 'fastify';
import { AddNewEmailPost, CheckPhoneDniPost } from '../../../shared/api/customer.ts';
import {
  BlacklistPost,
  CommentPost,
  CommentsGet,
  CustomerSearchPost,
  CustomerStatusGet,
  CustomerStatusPost,
  CustomerSubStatusPost,
  SoftDeleteAndBlacklistPost,
  StaffAddressGet,
  StaffAddressPut,
  StaffCommunicationGet,
  StaffCommunicationPost,
  StaffCustomerGet,
  StaffCustomerPut,
} from '../../../shared/api/customer-staff.ts';
import { registerCall } from '../../http/register-call.ts';
import { addNewEmail } from './email.ts';
import { searchCustomers } from './search.ts';
import { checkPhoneRegistered, type CustomerDeps } from './service.ts';
import { addComment, changeStaffEmail, customerComments, saveStaffAddress, staffAddress } from './staff-contacts.ts';
import { customerStatusWithHistory, staffContacts } from './staff-reads.ts';
import { staffCustomerRecord } from './staff-record.ts';
import { updateStaffCustomer } from './staff-record-put.ts';
import { softDeleteAndBlacklist, staffMoveStatus, staffSetBlacklist, staffSetSubStatus } from './staff-status.ts';

/**
 * The phone check tells anyone whether a number is a customer's: its own, tighter per-IP limit keeps it from
 * being used to walk through numbers (the login page calls it once per attempt).
 */
const phoneCheckRateLimit = { max: 30, timeWindow: 60_000 };
/** An e-mail change tells whether an address is taken: bounded like the phone check. */
const emailChangeRateLimit = { max: 20, timeWindow: 60_000 };

export async function customerRoutes(app: FastifyInstance): Promise<void> {
  const deps: CustomerDeps = { db: app.db };
  registerCall(app, CheckPhoneDniPost, ({ body }) => checkPhoneRegistered(deps, body), {
    rateLimit: phoneCheckRateLimit,
  });
  registerCall(
    app,
    AddNewEmailPost,
    ({ body, requireCustomer }) => addNewEmail({ db: app.db, clock: app.clock }, requireCustomer().id, body),
    { rateLimit: emailChangeRateLimit },
  );

  // The customer file (docs/backoffice.md §5): reads, logged with who asked (registerCall).
  registerCall(app, CustomerSearchPost, ({ body, requireStaff }) => searchCustomers(app.db, requireStaff(), body));
  registerCall(app, StaffCustomerGet, ({ params, requireStaff }) =>
    staffCustomerRecord(app.db, requireStaff(), params.customerId),
  );
  registerCall(app, CustomerStatusGet, ({ params, query, requireStaff }) =>
    customerStatusWithHistory(app.db, requireStaff(), params.customerId, query),
  );
  registerCall(app, StaffCommunicationGet, ({ params, requireStaff }) =>
    staffContacts(app.db, requireStaff(), params.customerId),
  );

  // The customer file's writes (docs/backoffice.md §5): each audited in the change's transaction (staffWrite).
  const writeDeps = { db: app.db, clock: app.clock };
  registerCall(app, StaffCustomerPut, ({ params, body, requireStaff, request }) =>
    updateStaffCustomer(writeDeps, { staff: requireStaff(), request }, params.customerId, body),
  );
  registerCall(app, CustomerStatusPost, ({ body, requireStaff, request }) =>
    staffMoveStatus(writeDeps, { staff: requireStaff(), request }, body),
  );
  registerCall(app, CustomerSubStatusPost, ({ body, requireStaff, request }) =>
    staffSetSubStatus(writeDeps, { staff: requireStaff(), request }, body),
  );
  registerCall(app, CommentsGet, ({ params, query, requireStaff }) =>
    customerComments(app.db, requireStaff(), params.customerId, query),
  );
  registerCall(app, CommentPost, ({ body, requireStaff, request }) =>
    addComment(writeDeps, { staff: requireStaff(), request }, body),
  );
  registerCall(app, StaffAddressGet, ({ params, requireStaff }) =>
    staffAddress(app.db, requireStaff(), params.customerId),
  );
  registerCall(app, StaffAddressPut, ({ params, body, requireStaff, request }) =>
    saveStaffAddress(writeDeps, { staff: requireStaff(), request }, params.customerId, body),
  );
  registerCall(app, StaffCommunicationPost, ({ params, body, requireStaff, request }) =>
    changeStaffEmail(writeDeps, { staff: requireStaff(), request }, params.customerId, body),
  );
  registerCall(app, BlacklistPost, ({ body, requireStaff, request }) =>
    staffSetBlacklist(writeDeps, { staff: requireStaff(), request }, body),
  );
  registerCall(app, SoftDeleteAndBlacklistPost, ({ params, body, requireStaff, request }) =>
    softDeleteAndBlacklist(writeDeps, { staff: requireStaff(), request }, params.customerId, body.reason),
  );
}
