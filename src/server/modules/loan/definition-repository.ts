import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type {
  InstallmentLoanDefinition,
  LoanDefinition,
  LoanProduct,
  MiniLoanDefinition,
} from '../../../shared/loan/loan-definition.ts';
import type { Executor } from '../../db/connect.ts';
import { loanDefinitions, loans } from '../../db/schema/index.ts';

/**
 * The loan definitions as data (`loan_definitions`, docs/rules/pricing-and-quotes.md "Loan definitions"): the one in
 * force for a product at a moment, and the one a loan was priced by. The table's CHECK constraints guarantee each
 * product's columns; a row that still misses one is a broken database, not a customer's error.
 */

type DefinitionRow = typeof loanDefinitions.$inferSelect;

/** The definition of `product` for a loan made at `at`: the newest already valid. */
export async function findDefinitionInForce<P extends LoanProduct>(
  db: Executor,
  product: P,
  at: Date,
): Promise<Extract<LoanDefinition, { product: P }>> {
  const [row] = await db
    .select()
    .from(loanDefinitions)
    .where(and(eq(loanDefinitions.product, product), lte(loanDefinitions.validFrom, at)))
    .orderBy(desc(loanDefinitions.validFrom), desc(loanDefinitions.version))
    .limit(1);
  if (!row) throw new Error(`No ${product} loan definition in force at ${at.toISOString()}`);
  return definitionFromRow(row) as Extract<LoanDefinition, { product: P }>;
}

/** Every definition, every version: the catalogue's rows (a handful). */
export async function findAllDefinitions(db: Executor): Promise<DatedDefinition[]> {
  const rows = await db.select().from(loanDefinitions);
  return rows.map((row) => ({ definition: definitionFromRow(row), validFrom: row.validFrom }));
}

/** A definition with the moment it takes effect. */
export interface DatedDefinition {
  readonly definition: LoanDefinition;
  readonly validFrom: Date;
}

/** The definition a loan was priced by. */
export async function findDefinitionById(db: Executor, id: number): Promise<LoanDefinition | null> {
  const [row] = await db.select().from(loanDefinitions).where(eq(loanDefinitions.id, id)).limit(1);
  return row ? definitionFromRow(row) : null;
}

function definitionFromRow(row: DefinitionRow): LoanDefinition {
  const common = {
    id: row.id,
    code: row.code,
    version: row.version,
    name: row.name,
    minAmountCents: row.minAmountCents,
    maxAmountCents: row.maxAmountCents,
    amountStepCents: row.amountStepCents,
  };
  const required = (value: number | null, column: string): number => {
    if (value === null) throw new Error(`loan_definitions ${row.id}: ${column} is missing`);
    return value;
  };
  if (row.product === 'mini') {
    const mini: MiniLoanDefinition = {
      ...common,
      product: 'mini',
      dailyRateBasisPoints: required(row.dailyRateBasisPoints, 'daily_rate_bp'),
      defaultTermDays: required(row.defaultTermDays, 'default_term_days'),
      firstLoanFreeMaxCents: required(row.firstLoanFreeMaxCents, 'first_loan_free_max_cents'),
      representativeExample: {
        amountCents: row.exampleAmountCents,
        termDays: required(row.exampleTermDays, 'example_term_days'),
      },
    };
    return mini;
  }
  const installment: InstallmentLoanDefinition = {
    ...common,
    product: 'installment',
    monthlyRateBasisPoints: required(row.monthlyRateBasisPoints, 'monthly_rate_bp'),
    minInstallments: required(row.minInstallments, 'min_installments'),
    maxInstallments: required(row.maxInstallments, 'max_installments'),
    installmentsStep: required(row.installmentsStep, 'installments_step'),
    representativeExample: {
      amountCents: row.exampleAmountCents,
      installments: required(row.exampleInstallments, 'example_installments'),
    },
  };
  return installment;
}

/** A version's row, locked for the transaction (the staff calls that change it). */
export async function lockDefinitionRow(db: Executor, id: number): Promise<DefinitionRow | undefined> {
  const [row] = await db.select().from(loanDefinitions).where(eq(loanDefinitions.id, id)).limit(1).for('update');
  return row;
}

/** Every row, newest version first by product, with how many loans each priced. */
export async function findDefinitionRowsWithLoans(db: Executor) {
  const counted = db
    .select({ definitionId: loans.loanDefinitionId, loans: count().as('loans') })
    .from(loans)
    .groupBy(loans.loanDefinitionId)
    .as('counted');
  const rows = await db
    .select({ row: loanDefinitions, loans: sql<number>`coalesce(${counted.loans}, 0)::int` })
    .from(loanDefinitions)
    .leftJoin(counted, eq(counted.definitionId, loanDefinitions.id))
    .orderBy(asc(loanDefinitions.product), desc(loanDefinitions.version));
  return rows.map(({ row, loans: loanCount }) => ({ row, dated: datedOf(row), loans: loanCount }));
}

/** The newest version of a product (whatever its date): what a new version follows. */
export async function findLatestDefinitionRow(db: Executor, product: LoanProduct): Promise<DefinitionRow | undefined> {
  const [row] = await db
    .select()
    .from(loanDefinitions)
    .where(eq(loanDefinitions.product, product))
    .orderBy(desc(loanDefinitions.version))
    .limit(1);
  return row;
}

export type NewDefinitionRow = typeof loanDefinitions.$inferInsert;

export async function insertDefinitionRow(db: Executor, values: NewDefinitionRow): Promise<DefinitionRow> {
  const [row] = await db.insert(loanDefinitions).values(values).returning();
  return row!;
}

export async function updateDefinitionRow(
  db: Executor,
  id: number,
  values: Pick<NewDefinitionRow, 'name' | 'monthlyRateBasisPoints' | 'dailyRateBasisPoints' | 'validFrom'>,
): Promise<DefinitionRow> {
  const [row] = await db.update(loanDefinitions).set(values).where(eq(loanDefinitions.id, id)).returning();
  return row!;
}

/** How many loans this version priced. */
export async function countLoansOfDefinition(db: Executor, id: number): Promise<number> {
  const [row] = await db.select({ loans: count() }).from(loans).where(eq(loans.loanDefinitionId, id));
  return row?.loans ?? 0;
}

export const datedOf = (row: DefinitionRow): DatedDefinition => ({
  definition: definitionFromRow(row),
  validFrom: row.validFrom,
});
export type { DefinitionRow };
