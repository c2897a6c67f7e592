import type { FastifyInstance } from 'fastify';
import {
  ComplaintCreatePost,
  ComplaintDelete,
  ComplaintGet,
  ComplaintHistoryGet,
  ComplaintsGet,
  ComplaintStatusPost,
  ComplaintUpdatePut,
} from '../../../shared/api/complaint.ts';
import { registerCall } from '../../http/register-call.ts';
import {
  complaintStatusHistory,
  createComplaint,
  getComplaint,
  listComplaints,
  moveComplaintStatus,
  updateComplaintFields,
  voidComplaint,
  type ComplaintDeps,
} from './service.ts';

/** Complaints with their deadline (docs/backoffice.md §5 "Complaints"): create, update, status, one case, history, list, void. */
export async function complaintRoutes(app: FastifyInstance): Promise<void> {
  const deps: ComplaintDeps = { db: app.db, clock: app.clock };
  registerCall(app, ComplaintCreatePost, ({ body, requireStaff, request }) =>
    createComplaint(deps, { staff: requireStaff(), request }, body),
  );
  registerCall(app, ComplaintUpdatePut, ({ params, body, requireStaff, request }) =>
    updateComplaintFields(deps, { staff: requireStaff(), request }, params.complaintId, body),
  );
  registerCall(app, ComplaintStatusPost, ({ params, body, requireStaff, request }) =>
    moveComplaintStatus(deps, { staff: requireStaff(), request }, params.complaintId, body),
  );
  registerCall(app, ComplaintGet, ({ params, requireStaff }) => getComplaint(deps, requireStaff(), params.complaintId));
  registerCall(app, ComplaintHistoryGet, ({ params, requireStaff }) =>
    complaintStatusHistory(deps, requireStaff(), params.complaintId),
  );
  registerCall(app, ComplaintsGet, ({ query, requireStaff }) => listComplaints(deps, requireStaff(), query));
  registerCall(app, ComplaintDelete, ({ params, body, requireStaff, request }) =>
    voidComplaint(deps, { staff: requireStaff(), request }, params.complaintId, body.reason),
  );
}
