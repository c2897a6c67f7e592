import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEMO_PIN, upTo, type DemoCustomer } from '../../db/seed/demo-customers.ts';
import { insertSandboxCustomer } from '../../db/seed/seed.ts';
import { HttpError } from '../../http/errors.ts';
import { issueRepayToken, repayLinkFor } from '../links/index.ts';
import { customerWithLoanIds } from './repository.ts';

const loanSpecSchema = z
  .strictObject({
    amountEuros: z.number().int().min(100).max(10_000).default(2500),
    installments: z.number().int().min(1).max(24).default(12),
    /** The number of the first unpaid instalment (those before it are paid); null when all are paid. */
    firstUnpaid: z.number().int().min(1).max(24).nullable().default(1),
    /** Days from today (Madrid) to the first unpaid instalment's date: −1 = due yesterday. */
    firstUnpaidDueInDays: z.number().int().min(-400).max(400).optional(),
    status: z.enum(['issued', 'repaid']).default('issued'),
    /**
     * Paid out this many days ago (0 = today; the 14-day withdrawal's edges): instalments monthly from the payout,
     * `firstUnpaidDueInDays` not used. Give one of the two.
     */
    issuedDaysAgo: z.number().int().min(0).max(400).optional(),
    /**
     * A minipréstamo (the demo's 600000012 and 600000013 shape): one repayment `firstUnpaidDueInDays` from today, paid
     * out `termDays` before it, at 0 % when `interestFree` (the first loan; it lapses when not repaid on its date).
     */
    mini: z.strictObject({ termDays: z.number().int().min(1).max(60), interestFree: z.boolean() }).optional(),
  })
  .refine((loan) => loan.issuedDaysAgo !== undefined || loan.firstUnpaidDueInDays !== undefined, {
    message: 'firstUnpaidDueInDays o issuedDaysAgo',
    path: ['firstUnpaidDueInDays'],
  })
  .refine((loan) => !loan.mini || (loan.installments === 1 && loan.issuedDaysAgo === undefined), {
    message: 'Un minipréstamo tiene una sola cuota y su fecha (firstUnpaidDueInDays)',
    path: ['mini'],
  });

const bodySchema = z.strictObject({
  status: z
    .enum(['securityChecked', 'systemApproved', 'internalCollection', 'externalCollection'])
    .default('securityChecked'),
  /** Oldest first. */
  loans: z.array(loanSpecSchema).max(5).default([]),
  creditLimitEuros: z.number().int().min(0).max(10_000).default(2500),
  isRtb: z.boolean().default(false),
  /** The valid sandbox card: 4111… (charges straight) or the challenge card 4000…3220 (3-D Secure on every charge). */
  card: z.enum(['frictionless', 'challenge']).default('frictionless'),
});

/**
 * `POST /sandbox/customers` (sandbox only): a customer of the demo's shape — a linked account, the sandbox's valid
 * card, loans with instalment dates relative to today — under a fresh phone, PIN 1234. Browser tests that pay,
 * or that check the dashboard's buttons at the edges of their thresholds, make their own customer with it, so the
 * seeded demo customers keep the states other tests rely on. Answers `{ data: { phone, pin, customerId, loanIds } }`.
 */
export async function sandboxCustomerRoutes(app: FastifyInstance): Promise<void> {
  app.post('/sandbox/customers', { schema: { body: bodySchema } }, async (request) => {
    const body = request.body as z.infer<typeof bodySchema>;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const phone = `69${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
      const idNumber = String(randomInt(10_000_000, 100_000_000));
      const demo: DemoCustomer = {
        phone,
        status: body.status,
        description: 'Cliente de pruebas (sandbox)',
        firstName: 'Lucía',
        lastName: 'Prueba Sandbox',
        idNumber,
        email: `lucia.${phone}@example.com`,
        birthDate: '1990-06-15',
        gender: 'female',
        employmentStatus: 'fullTimeEmployed',
        companyName: 'Talleres Ibéricos',
        monthlyIncomeEuros: 2000,
        creditLimitEuros: body.creditLimitEuros,
        isRtb: body.isRtb,
        journey:
          body.status === 'systemApproved' || body.status === 'securityChecked'
            ? upTo(body.status)
            : [...upTo('securityChecked'), body.status],
        loans: body.loans.map((loan) => ({ ...loan, firstUnpaidDueInDays: loan.firstUnpaidDueInDays ?? 0 })),
        account: {
          entity: '2100',
          office: '0418',
          account: String(randomInt(1_000_000_000, 10_000_000_000)),
          bankValue: 'CaixaBank',
          salaryEuros: 2000,
          salaryDay: 28,
          payer: 'Talleres Ibericos SL',
        },
        card: body.card === 'challenge' ? 'challenge' : true,
        decisions: [{ trigger: 'firstAccountLinked', limitEuros: body.creditLimitEuros }],
      };
      if (!(await insertSandboxCustomer(app.db, app.clock, demo))) continue;
      const created = await customerWithLoanIds(app.db, phone);
      if (created) return { data: { phone, pin: DEMO_PIN, ...created } };
    }
    throw new Error('sandbox: no free phone after 20 attempts');
  });

  /**
   * `POST /sandbox/repay-links` `{ phone }` (sandbox only): a new repay short link of that customer (a real random
   * token, tied to their latest loan, the default lifetime) — the link a reminder SMS or an agent would send. Browser
   * tests follow it to the page the first document §4 table names for the customer's state at that moment.
   * Answers `{ data: { link } }`; 404 for a phone nobody holds.
   */
  app.post(
    '/sandbox/repay-links',
    { schema: { body: z.strictObject({ phone: z.string().regex(/^[67]\d{8}$/) }) } },
    async (request) => {
      const { phone } = request.body as { phone: string };
      const customer = await customerWithLoanIds(app.db, phone);
      if (!customer) throw new HttpError('NotFound');
      const { token } = await issueRepayToken(app.db, {
        customerId: customer.customerId,
        loanId: customer.loanIds.at(-1) ?? null,
        now: app.clock.now(),
      });
      return { data: { link: repayLinkFor(app.config.publicUrl, token) } };
    },
  );
}
