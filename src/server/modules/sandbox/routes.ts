import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { markerValue } from '../../db/app-secrets.ts';
import { SEED_MARKER } from '../../db/seed/demo-customers.ts';
import { HttpError } from '../../http/errors.ts';
import { todayInMadrid } from '../../../shared/madrid-today.ts';
import { listOutboxSms } from '../../providers/sms-outbox.ts';
import { requirePasswordChange } from '../customer/index.ts';
import { sandboxBankTransferRoutes } from './bank-transfer-routes.ts';
import { sandboxCardGatewayRoutes } from './card-gateway-routes.ts';
import { sandboxCustomerRoutes } from './customer-routes.ts';
import { sandboxDirectTransferRoutes } from './direct-transfer-routes.ts';
import { sandboxOpenBankingRoutes } from './open-banking-routes.ts';
import { renderSmsPage } from './sms-page.ts';
import { sandboxStaffRoutes } from './staff-page.ts';

const smsSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  text: z.string(),
  purpose: z.string(),
  createdAt: z.string(),
});

/**
 * Sandbox pages and data, registered only while SANDBOX is on (otherwise these paths are 404):
 * `GET /sandbox/sms?phone=NNNNNNNNN` — the SMS sent to that phone, newest first, as `{ data: [...] }`, or as a
 * small HTML page when the browser asks for text/html;
 * `POST /sandbox/password-required?phone=NNNNNNNNN` — what staff do when a customer must choose a new password
 * (passwordRequired, second document §3): the next login opens 'Cambiar Contraseña?'. 404 for an unknown phone.
 * the open-banking widget pages under `/sandbox/open-banking/…` (./open-banking-routes.ts);
 * the card gateway's 3-D Secure pages under `/sandbox/card-gateway/…` (./card-gateway-routes.ts);
 * the direct-transfer widget under `/sandbox/direct-transfer/…` (./direct-transfer-routes.ts);
 * `POST /sandbox/customers` — a customer with loans at chosen dates, for browser tests (./customer-routes.ts).
 * the bank-transfer reconciliation `POST /sandbox/bank-transfer/reconcile` (./bank-transfer-routes.ts);
 * `GET /sandbox/staff` — the demo staff's logins and TOTP codes of the moment (./staff-page.ts).
 * `GET /sandbox/seed` — when the demo customers were seeded (`seededAt`, and `seedDay` in Madrid, or both null): their
 * loans' dates count from that day, so a check that reads them must too, even after midnight.
 */
export async function sandboxRoutes(app: FastifyInstance): Promise<void> {
  if (!app.config.sandbox) return;
  await sandboxOpenBankingRoutes(app);
  await sandboxCardGatewayRoutes(app);
  await sandboxCustomerRoutes(app);
  await sandboxDirectTransferRoutes(app);
  await sandboxBankTransferRoutes(app);
  sandboxStaffRoutes(app);

  app.get(
    '/sandbox/seed',
    {
      schema: {
        response: {
          200: z.object({ data: z.object({ seededAt: z.string().nullable(), seedDay: z.string().nullable() }) }),
        },
      },
    },
    async (_request, reply) => {
      const seededAt = await markerValue(app.db, SEED_MARKER);
      reply.header('cache-control', 'no-store');
      return { data: { seededAt, seedDay: seededAt === null ? null : todayInMadrid(new Date(seededAt)) } };
    },
  );

  app.get(
    '/sandbox/sms',
    {
      schema: {
        querystring: z.strictObject({ phone: z.string().regex(/^\d{9}$/, 'Debe tener 9 dígitos') }),
        response: { 200: z.object({ data: z.array(smsSchema) }) },
      },
    },
    async (request, reply) => {
      const { phone } = request.query as { phone: string };
      const messages = await listOutboxSms(app.db, phone);
      reply.header('cache-control', 'no-store');
      if (prefersHtml(request.headers.accept)) {
        return reply.type('text/html; charset=utf-8').send(renderSmsPage(phone, messages));
      }
      return { data: messages.map((sms) => ({ ...sms, createdAt: sms.createdAt.toISOString() })) };
    },
  );

  app.post(
    '/sandbox/password-required',
    {
      schema: {
        querystring: z.strictObject({ phone: z.string().regex(/^\d{9}$/, 'Debe tener 9 dígitos') }),
        response: { 200: z.object({ data: z.literal(true) }) },
      },
    },
    async (request) => {
      const { phone } = request.query as { phone: string };
      if (!(await requirePasswordChange(app.db, phone, app.clock.now()))) throw new HttpError('NotFound');
      return { data: true as const };
    },
  );
}

/** True when the client lists text/html before (or instead of) application/json. */
function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}
