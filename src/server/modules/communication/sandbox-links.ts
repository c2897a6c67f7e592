import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { demoCustomers } from '../../db/seed/demo-customers.ts';
import { findCustomersByPhones } from './repository.ts';
import { signUnsubscribeKey, unsubscribeLinkKey } from './unsubscribe-key.ts';

/**
 * Sandbox only: `GET /sandbox/unsubscribe-links[?camp=<campaign>]` lists the demo customers' unsubscribe links (the
 * ones a marketing e-mail of that campaign would carry; campaign `demo` by default) as `{ data: [...] }`, so testers
 * can open `/unsubscribe?camp=&key=&userTo=` without a mail server.
 */

export const SANDBOX_DEMO_CAMPAIGN = 'demo';

const linkSchema = z.object({
  phone: z.string(),
  customerId: z.number().int(),
  email: z.string(),
  campaignId: z.string(),
  url: z.string(),
});

export function registerSandboxUnsubscribeLinks(app: FastifyInstance): void {
  if (!app.config.sandbox) return;
  app.get(
    '/sandbox/unsubscribe-links',
    {
      schema: {
        querystring: z.strictObject({ camp: z.string().min(1).max(200).optional() }),
        response: { 200: z.object({ data: z.array(linkSchema) }) },
      },
    },
    async (request, reply) => {
      const campaignId = (request.query as { camp?: string }).camp ?? SANDBOX_DEMO_CAMPAIGN;
      const key = await unsubscribeLinkKey(app.db);
      const rows = await findCustomersByPhones(
        app.db,
        demoCustomers.map((demo) => demo.phone),
      );
      const links = rows
        .sort((a, b) => a.phone.localeCompare(b.phone))
        .map((row) => {
          const query = new URLSearchParams({
            camp: campaignId,
            key: signUnsubscribeKey(key, row.id, campaignId),
            userTo: row.email,
          });
          return {
            phone: row.phone,
            customerId: row.id,
            email: row.email,
            campaignId,
            url: `${app.config.publicUrl}/unsubscribe?${query.toString()}`,
          };
        });
      reply.header('cache-control', 'no-store');
      return { data: links };
    },
  );
}
