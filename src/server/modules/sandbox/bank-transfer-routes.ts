import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { centsToEuros, eurosToCents, isWholeCents } from '../../../shared/money.ts';
import { todayInMadrid } from '../../../shared/dates.ts';
import { feedStatementLine, reconcileBankTransfer } from '../payment/index.ts';

/** A sandbox amount in euros: positive, whole cents. */
const euros = z
  .number()
  .positive()
  .max(1_000_000)
  .refine(isWholeCents, { error: 'El importe debe estar en céntimos enteros.' });

/**
 * `POST /sandbox/bank-statement/lines` { amount (euros), description, payerName?, receivedOn?, externalId? } (sandbox
 * only): a transfer arrives on the lender's bank statement and waits, unmatched, for an agent to match it
 * (PayLoanManualPost; docs/rules/payments.md "Manual matching"). The same `externalId` twice is one line.
 *
 * `POST /sandbox/bank-transfer/reconcile` { reference: '<reference code>-CN<loan id>', amount (euros), lineId? }
 * (sandbox only): the lender matching a bank statement line, settling a bank-transfer payment (modules/payment, reconcile.ts).
 */
export async function sandboxBankTransferRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/sandbox/bank-statement/lines',
    {
      schema: {
        body: z.strictObject({
          amount: euros,
          description: z.string().trim().min(1).max(140),
          payerName: z.string().trim().min(1).max(140).optional(),
          receivedOn: z.iso.date().optional(),
          externalId: z
            .string()
            .regex(/^[A-Za-z0-9._-]{1,64}$/)
            .optional(),
        }),
      },
    },
    async (request) => {
      const body = request.body as {
        amount: number;
        description: string;
        payerName?: string;
        receivedOn?: string;
        externalId?: string;
      };
      const { line, created } = await feedStatementLine(app.db, {
        externalId: body.externalId ?? `sandbox-${randomUUID()}`,
        receivedOn: body.receivedOn ?? todayInMadrid(app.clock.now()),
        amountCents: eurosToCents(body.amount),
        description: body.description,
        payerName: body.payerName ?? null,
      });
      return {
        data: {
          id: line.id,
          externalId: line.externalId,
          status: line.status,
          amount: centsToEuros(line.amountCents),
          created,
        },
      };
    },
  );
  app.post(
    '/sandbox/bank-transfer/reconcile',
    {
      schema: {
        body: z.strictObject({
          reference: z.string().min(1).max(120),
          amount: euros,
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
