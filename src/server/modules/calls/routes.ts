import type { FastifyInstance } from 'fastify';
import {
  CallTimingAddPost,
  CallTimingAutoInsertPost,
  CallTimingDefinitionsGet,
  CallTimingRemovePost,
} from '../../../shared/api/calls-staff.ts';
import { AvailableCallTimesGet, ChooseCallTimePost } from '../../../shared/api/calls.ts';
import { registerCall } from '../../http/register-call.ts';
import { addDefinition, autoInsertDefinitions, listDefinitions, removeDefinition } from './definitions.ts';
import { availableCallTimes, chooseCallTime, type CallsDeps } from './service.ts';

/**
 * Welcome-call scheduling (`/api/todo`): the free slots by day (AvailableCallTimesGet) and the booking
 * (ChooseCallTimePost), both for the logged-in customer; and the staff's call timing definitions they follow.
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

  registerCall(app, CallTimingDefinitionsGet, ({ query }) => listDefinitions(deps, query.fromDate));
  registerCall(app, CallTimingAddPost, ({ body, requireStaff, request }) =>
    addDefinition(deps, { staff: requireStaff(), request }, body),
  );
  registerCall(app, CallTimingRemovePost, ({ body, requireStaff, request }) =>
    removeDefinition(deps, { staff: requireStaff(), request }, body),
  );
  registerCall(app, CallTimingAutoInsertPost, ({ requireStaff, request }) =>
    autoInsertDefinitions(deps, { staff: requireStaff(), request }),
  );
}
