import type { FastifyInstance } from 'fastify';
import { AvailableCallTimesGet, ChooseCallTimePost } from '../../../shared/api/calls.ts';
import { registerCall } from '../../http/register-call.ts';
import { availableCallTimes, chooseCallTime, type CallsDeps } from './service.ts';

/**
 * Welcome-call scheduling (`/api/todo`): the free slots by day (AvailableCallTimesGet) and the booking
 * (ChooseCallTimePost), both for the logged-in customer.
 */
export async function callRoutes(app: FastifyInstance): Promise<void> {
  const deps: CallsDeps = { db: app.db, clock: app.clock };

  registerCall(app, AvailableCallTimesGet, ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    return availableCallTimes(deps, query);
  });
  registerCall(app, ChooseCallTimePost, ({ body, requireCustomer, request }) =>
    chooseCallTime(deps, requireCustomer(), body, request.log),
  );
}
