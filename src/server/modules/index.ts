import type { FastifyInstance } from 'fastify';
import { communicationRoutes } from './communication/index.ts';
import { customerRoutes } from './customer/index.ts';
import { linksRoutes } from './links/index.ts';
import { loanRoutes } from './loan/routes.ts';
import { logsRoutes } from './logs/routes.ts';
import { membershipRoutes } from './membership/index.ts';
import { miscRoutes } from './misc/routes.ts';
import { pushRoutes } from './push/routes.ts';
import { registrationRoutes } from './registration/routes.ts';
import { sandboxRoutes } from './sandbox/routes.ts';
import { trackingRoutes } from './tracking/routes.ts';

/**
 * Every route module of the server, registered in this order by app.ts. A new domain adds
 * `modules/<domain>/routes.ts` (an async function taking the app and calling `registerCall` for each contract
 * entry it serves) and one line here.
 */
export const routeModules: ReadonlyArray<(app: FastifyInstance) => Promise<void>> = [
  miscRoutes,
  customerRoutes,
  membershipRoutes,
  registrationRoutes,
  loanRoutes,
  logsRoutes,
  pushRoutes,
  sandboxRoutes,
  linksRoutes,
  trackingRoutes,
  communicationRoutes,
];
