import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ANALYTICS_EVENT_NAMES } from '../../../shared/analytics.ts';
import { ANALYTICS_PAGE_NAMES } from '../../../shared/api/analytics.ts';
import { isoDateSchema } from '../../../shared/api/common.ts';
import { addDaysIso, daysBetweenIso, type IsoDate } from '../../../shared/calendar.ts';
import { todayInMadrid } from '../../../shared/madrid-today.ts';
import { HttpError } from '../../http/errors.ts';
import { countAnalyticsByDay } from './repository.ts';

/**
 * Sandbox only: `GET /sandbox/analytics/counts[?name=…][&from=YYYY-MM-DD][&to=YYYY-MM-DD]` — the stored page views
 * and events counted per Europe/Madrid day (of `occurred_at`), kind and name, as `{ data: [{ day, kind, name, count
 * }] }`, oldest day first. `from` and `to` default to today (Madrid); at most 366 days; `name` one page path pattern
 * or event name (all when absent).
 */

const MAX_DAYS = 366;

const countSchema = z.object({ day: z.string(), kind: z.string(), name: z.string(), count: z.number().int() });

export function registerSandboxAnalyticsCounts(app: FastifyInstance): void {
  if (!app.config.sandbox) return;
  app.get(
    '/sandbox/analytics/counts',
    {
      schema: {
        querystring: z.strictObject({
          name: z.enum([...ANALYTICS_PAGE_NAMES, ...ANALYTICS_EVENT_NAMES]).optional(),
          from: isoDateSchema.optional(),
          to: isoDateSchema.optional(),
        }),
        response: { 200: z.object({ data: z.array(countSchema) }) },
      },
    },
    async (request, reply) => {
      const query = request.query as { name?: string; from?: IsoDate; to?: IsoDate };
      const today = todayInMadrid(app.clock.now());
      const to = query.to ?? today;
      const from = query.from ?? to;
      const days = daysBetweenIso(from, to);
      if (days < 0 || days >= MAX_DAYS)
        throw new HttpError(
          'ValidationError',
          `Los datos enviados no son válidos: from, to (Rango de fechas no válido: como máximo ${MAX_DAYS} días).`,
        );
      const counts = await countAnalyticsByDay(app.db, { from, toExclusive: addDaysIso(to, 1), name: query.name });
      reply.header('cache-control', 'no-store');
      return { data: counts };
    },
  );
}
