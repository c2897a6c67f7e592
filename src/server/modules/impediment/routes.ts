import type { FastifyInstance } from 'fastify';
import { ImpedimentAllowedGet, ImpedimentCreatePost } from '../../../shared/api/impediment.ts';
import { ImpedimentStatusPost, ImpedimentsGet } from '../../../shared/api/impediment-staff.ts';
import { registerCall } from '../../http/register-call.ts';
import { createImpediment, impedimentAllowed, type ImpedimentDeps } from './service.ts';
import { moveImpedimentByStaff, staffImpediments } from './staff.ts';

/** The customer's impediments and the back office's queue (service.ts, staff.ts). */
export async function impedimentRoutes(app: FastifyInstance): Promise<void> {
  const deps: ImpedimentDeps = { db: app.db, clock: app.clock };
  registerCall(app, ImpedimentCreatePost, ({ body, requireCustomer }) =>
    createImpediment(deps, requireCustomer(), body),
  );
  registerCall(app, ImpedimentAllowedGet, ({ query, requireCustomer }) =>
    impedimentAllowed(deps, requireCustomer(), query.loanId),
  );
  registerCall(app, ImpedimentsGet, ({ query, requireStaff }) => staffImpediments(app.db, requireStaff(), query));
  registerCall(app, ImpedimentStatusPost, ({ params, body, requireStaff, request }) =>
    moveImpedimentByStaff(deps, { staff: requireStaff(), request }, params.impedimentId, body),
  );
}
