import type { FastifyInstance } from 'fastify';
import { agreementRoutes } from './agreement/index.ts';
import { analyticsRoutes } from './analytics/index.ts';
import { approvalsRoutes } from './approvals/index.ts';
import { payoutRoutes } from './payout/index.ts';
import { impedimentRoutes } from './impediment/index.ts';
import { auditRoutes } from './audit/index.ts';
import { bankRoutes } from './bank/index.ts';
import { callRoutes } from './calls/index.ts';
import { cardRoutes } from './card/index.ts';
import { communicationRoutes } from './communication/index.ts';
import { complaintRoutes } from './complaint/index.ts';
import { customerRoutes } from './customer/index.ts';
import { documentRoutes } from './document/index.ts';
import { linksRoutes } from './links/index.ts';
import { loanRoutes } from './loan/index.ts';
import { logsRoutes } from './logs/index.ts';
import { membershipRoutes } from './membership/index.ts';
import { miscRoutes } from './misc/index.ts';
import { paymentRoutes } from './payment/index.ts';
import { pushRoutes } from './push/index.ts';
import { registrationRoutes } from './registration/index.ts';
import { restructureRoutes } from './restructure/index.ts';
import { rolloverRoutes } from './rollover/index.ts';
import { reviewRoutes } from './reviews/index.ts';
import { sandboxRoutes } from './sandbox/index.ts';
import { staffRoutes } from './staff/index.ts';
import { todoRoutes } from './todo/index.ts';
import { trackingRoutes } from './tracking/index.ts';
import { transferRoutes } from './transfer/index.ts';
import { withdrawalRoutes } from './withdrawal/index.ts';

/**
 * Every route module of the server, registered in this order by app.ts. A new domain adds `modules/<domain>/`
 * in the module shape (routes.ts calling `registerCall` for each contract entry it serves, service.ts,
 * repository.ts, index.ts exporting its routes) and one line here.
 */
export const routeModules: ReadonlyArray<(app: FastifyInstance) => Promise<void>> = [
  miscRoutes,
  customerRoutes,
  membershipRoutes,
  registrationRoutes,
  loanRoutes,
  agreementRoutes,
  cardRoutes,
  documentRoutes,
  logsRoutes,
  pushRoutes,
  sandboxRoutes,
  linksRoutes,
  trackingRoutes,
  communicationRoutes,
  bankRoutes,
  paymentRoutes,
  transferRoutes,
  callRoutes,
  restructureRoutes,
  withdrawalRoutes,
  rolloverRoutes,
  staffRoutes,
  reviewRoutes,
  analyticsRoutes,
  auditRoutes,
  approvalsRoutes,
  payoutRoutes,
  impedimentRoutes,
  complaintRoutes,
  todoRoutes,
];
