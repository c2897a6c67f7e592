import type { FastifyInstance } from 'fastify';
import { DesistContractGet, DesistContractPost } from '../../../shared/api/withdrawal.ts';
import { registerCall } from '../../http/register-call.ts';
import { giveWithdrawalNotice, withdrawalQuote, type WithdrawalDeps } from './service.ts';

/** The 14-day withdrawal (`/api/loan/desistContract`): the quote (GET) and the customer's notice (POST, idempotent). */
export async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  const deps: WithdrawalDeps = { db: app.db, clock: app.clock };

  registerCall(app, DesistContractGet, ({ query, requireCustomer, reply }) => {
    reply.header('cache-control', 'no-store');
    return withdrawalQuote(deps, requireCustomer(), query.loanId);
  });
  registerCall(app, DesistContractPost, ({ body, requireCustomer, request, keepAnswer }) =>
    giveWithdrawalNotice(deps, requireCustomer(), body.loanId, keepAnswer, request.log),
  );
}
