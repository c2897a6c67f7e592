import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineCall } from '../../../src/shared/api/define.ts';
import { BusinessError, HttpError } from '../../../src/server/http/errors.ts';
import { registerCall } from '../../../src/server/http/register-call.ts';

/**
 * Probe calls registered only in tests (through `extraRoutes`): they exercise auth modes, params, query, nested
 * bodies and every kind of failure the error handler maps, with contract entries shaped like the real ones.
 */
export const ProbeMeGet = defineCall({
  name: 'ProbeMeGet',
  method: 'GET',
  path: '/api/test/me',
  auth: 'customer',
  roles: ['user'],
  response: z.object({ id: z.number(), status: z.string() }),
});

export const ProbeOptionalGet = defineCall({
  name: 'ProbeOptionalGet',
  method: 'GET',
  path: '/api/test/optional',
  auth: 'optional',
  roles: ['public'],
  response: z.object({ customerId: z.number().nullable() }),
});

export const ProbeItemPost = defineCall({
  name: 'ProbeItemPost',
  method: 'POST',
  path: '/api/test/items/:itemId',
  auth: 'customer',
  roles: ['user'],
  params: z.strictObject({ itemId: z.coerce.number().int().positive() }),
  query: z.strictObject({ mode: z.enum(['fast', 'slow']), page: z.coerce.number().int().min(1).optional() }),
  body: z.strictObject({
    phone: z.string().regex(/^[67]\d{8}$/),
    amount: z.number().int().min(2500).max(5000),
    email: z.email(),
    accept: z.literal(true),
    issueDate: z.iso.date(),
    note: z.string().max(20).optional(),
    address: z.strictObject({
      street: z.string().min(1),
      postcode: z.string().regex(/^\d{5}$/, 'El código postal debe tener 5 dígitos.'),
    }),
    tags: z.array(z.string().min(1)).max(3),
  }),
  response: z.object({ itemId: z.number(), mode: z.string(), amount: z.number() }),
});

export const ProbeLogoutPost = defineCall({
  name: 'ProbeLogoutPost',
  method: 'POST',
  path: '/api/test/logout',
  auth: 'customer',
  roles: ['user'],
  response: z.boolean(),
});

export const ProbeFailGet = defineCall({
  name: 'ProbeFailGet',
  method: 'GET',
  path: '/api/test/fail/:kind',
  auth: 'public',
  roles: ['public'],
  params: z.strictObject({ kind: z.enum(['business', 'forbidden', 'crash', 'bad-response']) }),
  response: z.object({ ok: z.boolean() }),
});

/** A staff call open to agents and administrators only: the 403 of a role outside the list. */
export const ProbeAgentsGet = defineCall({
  name: 'ProbeAgentsGet',
  method: 'GET',
  path: '/api/test/agents',
  auth: 'staff',
  roles: ['cam', 'administrator', 'alladmins'],
  response: z.object({ staffId: z.number(), role: z.string() }),
});

export async function probeRoutes(app: FastifyInstance): Promise<void> {
  const { revokeSession } = await import('../../../src/server/auth/sessions.ts');
  registerCall(app, ProbeMeGet, ({ requireCustomer }) => {
    const me = requireCustomer();
    return { id: me.id, status: me.status };
  });
  registerCall(app, ProbeAgentsGet, ({ requireStaff }) => {
    const staff = requireStaff();
    return { staffId: staff.id, role: staff.role };
  });
  registerCall(app, ProbeOptionalGet, ({ customer }) => ({ customerId: customer?.id ?? null }));
  registerCall(app, ProbeItemPost, ({ params, query, body }) => ({
    itemId: params.itemId,
    mode: query.mode,
    amount: body.amount,
  }));
  registerCall(app, ProbeLogoutPost, async ({ requireCustomer }) => revokeSession(app, requireCustomer().jti));
  registerCall(
    app,
    ProbeFailGet,
    ({ params }) => {
      if (params.kind === 'business') throw new BusinessError('WrongPasswordException', { remaining: 2 });
      if (params.kind === 'forbidden') throw new HttpError('Forbidden');
      if (params.kind === 'bad-response') return { ok: 'yes' } as unknown as { ok: boolean };
      throw new Error('secret internal detail: connection string postgres://user:pw@db');
    },
    { rateLimit: { max: 8, timeWindow: 60_000 } },
  );
}
