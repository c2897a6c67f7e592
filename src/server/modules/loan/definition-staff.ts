import type { CallBody, CallResponse } from '../../../shared/api/define.ts';
import type { LoanDefinitionPost, LoanDefinitionPut, StaffLoanDefinition } from '../../../shared/api/loan-staff.ts';
import { miniRepresentativeExample, representativeExample } from '../../../shared/loan/disclaimer.ts';
import { loanDefinitionToWire, type LoanProduct } from '../../../shared/loan/loan-definition.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import type { Executor } from '../../db/connect.ts';
import { BusinessError } from '../../http/errors.ts';
import type { DefinitionCatalogue } from './definition-catalogue.ts';
import {
  countLoansOfDefinition,
  datedOf,
  findDefinitionRowsWithLoans,
  findLatestDefinitionRow,
  insertDefinitionRow,
  lockDefinitionRow,
  updateDefinitionRow,
  type DefinitionRow,
} from './definition-repository.ts';

/**
 * The loan definitions in the back office (docs/rules/pricing-and-quotes.md "Loan definitions", docs/backoffice.md §8
 * P3): every version with its state, a new version of a product's price from a moment on, and the correction of a
 * planned version before it takes effect. A version in force, replaced, or that priced a loan is never changed, so a
 * signed loan's figures never move; the quotes on this instance read the rows again at once (`invalidate`), the
 * other instances within `LOAN_DEFINITIONS_MAX_AGE_MS`.
 */

export interface DefinitionStaffDeps extends StaffWriteDeps {
  definitions: DefinitionCatalogue;
}

/**
 * The highest price a version may carry, in basis points: a ceiling that catches a slip of the decimal point (611 %
 * typed for 6,11 %), far above any price the lender offers (6,11 % a month, 0,75 % a day).
 */
export const RATE_CEILING_BP: { readonly [P in LoanProduct]: number } = { installment: 1_000, mini: 100 };

type StaffDefinitionBody = CallBody<typeof LoanDefinitionPut>;

/** The state of each row at `now`: the newest already valid of its product is in force, later ones are planned. */
function statesAt(rows: readonly DefinitionRow[], now: Date): Map<number, StaffLoanDefinition['state']> {
  const states = new Map<number, StaffLoanDefinition['state']>();
  const inForce = new Map<LoanProduct, DefinitionRow>();
  for (const row of rows) {
    if (row.validFrom > now) {
      states.set(row.id, 'planned');
      continue;
    }
    const best = inForce.get(row.product);
    const newer =
      !best ||
      row.validFrom > best.validFrom ||
      (row.validFrom.getTime() === best.validFrom.getTime() && row.version > best.version);
    if (newer) inForce.set(row.product, row);
  }
  for (const row of rows) if (!states.has(row.id)) states.set(row.id, 'replaced');
  for (const row of inForce.values()) states.set(row.id, 'inForce');
  return states;
}

function staffDefinitionOf(
  row: DefinitionRow,
  state: StaffLoanDefinition['state'],
  loans: number,
): StaffLoanDefinition {
  const { definition, validFrom } = datedOf(row);
  const representativeTae =
    definition.product === 'mini'
      ? miniRepresentativeExample(definition).taePercent
      : representativeExample(definition).taePercent;
  return {
    definition: loanDefinitionToWire(definition),
    validFrom: validFrom.toISOString(),
    state,
    representativeTae,
    loans,
  };
}

/** LoanDefinitionsGet: every version, by product, newest first. */
export async function staffLoanDefinitions(db: Executor, now: Date): Promise<StaffLoanDefinition[]> {
  const rows = await findDefinitionRowsWithLoans(db);
  const states = statesAt(
    rows.map(({ row }) => row),
    now,
  );
  return rows.map(({ row, loans }) => staffDefinitionOf(row, states.get(row.id)!, loans));
}

/** LoanDefinitionGet: one version (404 `LoanDefinitionNotFound`). */
export async function staffLoanDefinition(db: Executor, now: Date, id: number): Promise<StaffLoanDefinition> {
  const found = (await staffLoanDefinitions(db, now)).find((row) => row.definition.id === id);
  if (!found) throw new BusinessError('LoanDefinitionNotFound');
  return found;
}

/** The price typed in percent as the product's column in basis points, refused above its ceiling. */
function priceOf(product: LoanProduct, ratePercent: number) {
  const basisPoints = Math.round(ratePercent * 100);
  if (basisPoints > RATE_CEILING_BP[product]) {
    throw new BusinessError('DefinitionRateTooHigh', { max: String(RATE_CEILING_BP[product] / 100).replace('.', ',') });
  }
  return product === 'mini'
    ? { dailyRateBasisPoints: basisPoints, monthlyRateBasisPoints: null }
    : { monthlyRateBasisPoints: basisPoints, dailyRateBasisPoints: null };
}

function validFromOf(body: Pick<StaffDefinitionBody, 'validFrom'>, now: Date): Date {
  const validFrom = new Date(body.validFrom);
  // A minute of leeway: "now" typed on a screen is a moment ago when it arrives.
  if (validFrom.getTime() < now.getTime() - 60_000) throw new BusinessError('DefinitionValidFromPast');
  return validFrom < now ? now : validFrom;
}

/** What the audit keeps of a version. */
const auditedOf = (row: DefinitionRow) => ({
  code: row.code,
  version: row.version,
  name: row.name,
  monthlyRateBasisPoints: row.monthlyRateBasisPoints,
  dailyRateBasisPoints: row.dailyRateBasisPoints,
  validFrom: row.validFrom.toISOString(),
});

const definitionLock = (product: LoanProduct) => `loan-definition:${product}`;

/**
 * LoanDefinitionPost: the next version of the product's code, with the new name, price and date and the amounts,
 * terms and example of the latest version (the spec's constants). Under the product's lock, so two at once make two
 * consecutive versions.
 */
export async function createDefinitionVersion(
  deps: DefinitionStaffDeps,
  actor: AuditActor,
  body: CallBody<typeof LoanDefinitionPost>,
): Promise<CallResponse<typeof LoanDefinitionPost>> {
  const now = deps.clock.now();
  const created = await staffWrite(
    deps,
    actor,
    { entityType: 'loanDefinition', reason: body.reason, lock: definitionLock(body.product) },
    async (tx) => {
      const price = priceOf(body.product, body.ratePercent);
      const validFrom = validFromOf(body, now);
      const latest = await findLatestDefinitionRow(tx, body.product);
      if (!latest) throw new BusinessError('LoanDefinitionNotFound');
      const { id: _id, createdAt: _createdAt, ...carried } = latest;
      const row = await insertDefinitionRow(tx, {
        ...carried,
        ...price,
        version: latest.version + 1,
        name: body.name,
        validFrom,
        createdAt: now,
      });
      return { entityId: row.id, before: auditedOf(latest), after: auditedOf(row), result: row.id };
    },
  );
  deps.definitions.invalidate();
  return staffLoanDefinition(deps.db, now, created);
}

/** LoanDefinitionPut: a planned version that priced no loan, corrected (its name, price or date). */
export async function correctPlannedDefinition(
  deps: DefinitionStaffDeps,
  actor: AuditActor,
  id: number,
  body: StaffDefinitionBody,
): Promise<CallResponse<typeof LoanDefinitionPut>> {
  const now = deps.clock.now();
  const found = (await staffLoanDefinitions(deps.db, now)).find((row) => row.definition.id === id);
  if (!found) throw new BusinessError('LoanDefinitionNotFound');
  await staffWrite(
    deps,
    actor,
    { entityType: 'loanDefinition', entityId: id, reason: body.reason, lock: definitionLock(found.definition.product) },
    async (tx) => {
      const row = await lockDefinitionRow(tx, id);
      if (!row) throw new BusinessError('LoanDefinitionNotFound');
      if (row.validFrom <= now || (await countLoansOfDefinition(tx, id)) > 0) {
        throw new BusinessError('DefinitionNotPlanned');
      }
      const updated = await updateDefinitionRow(tx, id, {
        ...priceOf(row.product, body.ratePercent),
        name: body.name,
        validFrom: validFromOf(body, now),
      });
      return { before: auditedOf(row), after: auditedOf(updated), result: true };
    },
  );
  deps.definitions.invalidate();
  return staffLoanDefinition(deps.db, now, id);
}
