import type { FastifyInstance } from 'fastify';
import { AuditLogGet, CustomerAuditGet } from '../../../shared/api/audit.ts';
import { registerCall } from '../../http/register-call.ts';
import { auditLog, customerAudit } from './service.ts';

/** The audit trail's readers: the whole log (admins) and a customer's operations (agents and admins). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, AuditLogGet, ({ query }) => auditLog(app.db, query));
  registerCall(app, CustomerAuditGet, ({ params, query }) => customerAudit(app.db, params.customerId, query));
}
