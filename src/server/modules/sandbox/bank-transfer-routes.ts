import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { centsToEuros, eurosToCents, isWholeCents } from '../../../shared/money.ts';
import { reconcileBankTransfer } from '../payment/index.ts';

/**
 * `POST /sandbox/bank-transfer/reconcile` { reference: '<reference code>-CN<loan id>', amount (euros), lineId? }
 * (sandbox only): the lender matching a bank statement line, settling a bank-transfer payment (modules/payment, reconcile.ts).
 */
export async function sandboxBankTransferRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/sandbox/bank-transfer/reconcile',
    {
      schema: {
        body: z.strictObject({
          reference: z.string().min(1).max(120),
          amount: z
            .number()
            .positive()
            .max(1_000_000)
            .refine(isWholeCents, { error: 'El importe debe estar en céntimos enteros.' }),
          lineId: z
            .string()
            .regex(/^[A-Za-z0-9._-]{1,64}$/)
            .optional(),
        }),
      },
    },
    async (request) => {
      const body = request.body as { reference: string; amount: number; lineId?: string };
      const result = await reconcileBankTransfer(
        { db: app.db, clock: app.clock },
        { reference: body.reference, amountCents: eurosToCents(body.amount), lineId: body.lineId },
      );
      return {
        data: {
          paymentId: result.paymentId,
          loanId: result.loanId,
          status: result.status,
          paymentOption: result.paymentOption,
          amount: centsToEuros(result.amountCents),
          loanStatus: result.loanStatus,
        },
      };
    },
  );
}
