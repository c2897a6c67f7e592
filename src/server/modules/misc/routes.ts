import type { FastifyInstance } from 'fastify';
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import {
  CalendarDaysGet,
  FreezeDayDelete,
  FreezeDayPost,
  HolidayDelete,
  HolidayPost,
} from '../../../shared/api/misc-staff.ts';
import { TimeGet } from '../../../shared/api/misc.ts';
import { TIME_ZONE } from '../../../shared/constants.ts';
import { registerCall } from '../../http/register-call.ts';
import { pingDatabase } from '../../db/connect.ts';
import { buildVersion } from './version.ts';
import { addCalendarDay, calendarOf, removeCalendarDay } from './calendar-days.ts';

/**
 * Server-level endpoints outside the contract:
 * - `GET /version.json` → `{ version, data: { version } }`, `Cache-Control: no-cache`. The SW and the page compare
 *   it with their build version; the spec says the client "reads data.version", the Vite build writes
 *   `{ version }`: both readings are served.
 * - `GET /health` → `{ status: 'ok', db: 'ok' }` (503 with `db: 'error'` when the database does not answer).
 *
 * - TimeGet (`GET /api/common/time`): the server's clock as Madrid wall-clock time with its offset
 *   (`2026-11-22T15:30:00.000+01:00`); the client dates "today" by it and falls back to its own clock.
 */
export async function miscRoutes(app: FastifyInstance): Promise<void> {
  // The lender's calendar (docs/rules/loan-request.md "The lender's calendar"): the days staff add to the national holidays.
  const deps = { db: app.db, clock: app.clock };
  registerCall(app, CalendarDaysGet, () => calendarOf(app.db, app.clock.now()));
  registerCall(app, HolidayPost, ({ body, requireStaff, request }) =>
    addCalendarDay(deps, { staff: requireStaff(), request }, 'holiday', body),
  );
  registerCall(app, FreezeDayPost, ({ body, requireStaff, request }) =>
    addCalendarDay(deps, { staff: requireStaff(), request }, 'freeze', body),
  );
  registerCall(app, HolidayDelete, ({ params, body, requireStaff, request }) =>
    removeCalendarDay(deps, { staff: requireStaff(), request }, 'holiday', params.dayId, body.reason),
  );
  registerCall(app, FreezeDayDelete, ({ params, body, requireStaff, request }) =>
    removeCalendarDay(deps, { staff: requireStaff(), request }, 'freeze', params.dayId, body.reason),
  );

  registerCall(app, TimeGet, ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { time: new TZDate(app.clock.now(), TIME_ZONE).toISOString() };
  });

  app.get(
    '/version.json',
    {
      schema: {
        querystring: z.object({ v: z.string().max(100).optional() }).catchall(z.string().max(100)),
        response: { 200: z.object({ version: z.string(), data: z.object({ version: z.string() }) }) },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const version = await buildVersion(app.config.distDir);
      reply.header('cache-control', 'no-cache');
      return { version, data: { version } };
    },
  );

  app.get(
    '/health',
    {
      schema: { response: { 200: healthSchema, 503: healthSchema } },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await pingDatabase(app.db);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'error' as const, db: 'error' as const });
      }
    },
  );
}

const healthSchema = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'error']) });
