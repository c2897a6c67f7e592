import type { FastifyInstance } from 'fastify';
import { ClientLogWritePost, ClientLogWritePut } from '../../../shared/api/logs.ts';
import { registerCall } from '../../http/register-call.ts';
import { appendToClientLog, createClientLog, type LogsDeps } from './service.ts';

/** A client sends every 5 s at most (second document §7.3); a few times that per IP is plenty. */
const logRateLimit = { max: 60, timeWindow: 60_000, batched: true };

export async function logsRoutes(app: FastifyInstance): Promise<void> {
  const deps: LogsDeps = { db: app.db, clock: app.clock };
  registerCall(app, ClientLogWritePost, ({ body }) => createClientLog(deps, body), { rateLimit: logRateLimit });
  registerCall(app, ClientLogWritePut, ({ body }) => appendToClientLog(deps, body), { rateLimit: logRateLimit });
}
