import type { FastifyInstance } from 'fastify';
import { arrive, runAs, type Arrival } from '../db/arrival-queue.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's place in the order the embedded database serves work (db/arrival-queue.ts). */
    arrival: Arrival | null;
  }
}

/**
 * Every request takes its place in the arrival order when it comes in, and its hooks and handler run as part of
 * it, so its database work on PGlite keeps that place (db/arrival-queue.ts). The body is read in the socket's own
 * async context, so the place is entered again before validation. After the answer the place is closed: work the
 * request left running (a nudge, a log) queues as new work. Registered first, before any hook that reads the
 * database (the session lookup). On PostgreSQL nothing reads the place.
 */
export function registerArrivalOrder(app: FastifyInstance): void {
  app.decorateRequest('arrival', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const arrival = arrive();
    request.arrival = arrival;
    runAs(arrival, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.arrival) runAs(request.arrival, done);
    else done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.arrival) request.arrival.open = false;
    done();
  });
}
