/**
 * Customer statuses, roles and the signup enumerations of both specification documents: `as const` lists and TS
 * types, plus the rules built on them (status groups). Loans, cards and payments have their own files
 * (loan-statuses.ts, card-statuses.ts, payment-statuses.ts), so the first load carries only what the session needs;
 * the zod enums of all of them are in status-schemas.ts.
 */

// ---------------------------------------------------------------------------------------------------------------
// Customer statuses (first document §4; second document §4 adds `closed` and `none`)
// ---------------------------------------------------------------------------------------------------------------

export const customerStatuses = [
  'new',
  'preRegistered',
  'registered',
  'systemApproved',
  'declined',
  'securityChecked',
  'internalCollection',
  'externalCollection',
  'processCollection',
  'legal',
  'fraud',
  'legalCollection',
  'closed',
  'none',
] as const;
export type CustomerStatus = (typeof customerStatuses)[number];

export const collectionStatuses = [
  'internalCollection',
  'externalCollection',
  'processCollection',
  'legalCollection',
] as const satisfies readonly CustomerStatus[];
export const legalStatuses = ['legal', 'legalCollection'] as const satisfies readonly CustomerStatus[];
export const fraudStatuses = ['fraud'] as const satisfies readonly CustomerStatus[];

/** "All collection, legal and fraud states": the most advanced group of the status order. */
export const collectionLegalFraudStatuses = [
  'internalCollection',
  'externalCollection',
  'processCollection',
  'legal',
  'fraud',
  'legalCollection',
] as const satisfies readonly CustomerStatus[];

/** Statuses with which a session is ended at once (second document §4 "Session effects"). */
export const loggedOutStatuses = ['closed', 'none'] as const satisfies readonly CustomerStatus[];

/**
 * The "later" order of the spec: new < preRegistered < registered < systemApproved = declined < securityChecked <
 * collection, legal and fraud states. `closed` and `none` have no place in it.
 */
const statusRanks: Readonly<Partial<Record<CustomerStatus, number>>> = {
  new: 0,
  preRegistered: 1,
  registered: 2,
  systemApproved: 3,
  declined: 3,
  securityChecked: 4,
  internalCollection: 5,
  externalCollection: 5,
  processCollection: 5,
  legal: 5,
  fraud: 5,
  legalCollection: 5,
};

export function statusRank(status: CustomerStatus): number | undefined {
  return statusRanks[status];
}

/** The statuses at or after `from` in the "later" order (never `closed` or `none`). */
export function statusesFrom(from: CustomerStatus): CustomerStatus[] {
  const min = statusRanks[from];
  if (min === undefined) return [];
  return customerStatuses.filter((status) => {
    const rank = statusRanks[status];
    return rank !== undefined && rank >= min;
  });
}

export const isCustomerStatus = (value: unknown): value is CustomerStatus =>
  typeof value === 'string' && (customerStatuses as readonly string[]).includes(value);

const isIn =
  (list: readonly CustomerStatus[]) =>
  (status: CustomerStatus | null | undefined): boolean =>
    status !== null && status !== undefined && list.includes(status);

export const isCollectionStatus = isIn(collectionStatuses);
export const isLegalStatus = isIn(legalStatuses);
export const isFraudStatus = isIn(fraudStatuses);
export const isCollectionLegalOrFraud = isIn(collectionLegalFraudStatuses);
export const mustLogOutStatus = isIn(loggedOutStatuses);

/**
 * The status moves a staff member may make (docs/backoffice.md §5, `CustomerStatusPost`, with a reason), on top of
 * the product's own moves: a customer to `fraud` or to `closed` from any status but `closed` and `none` (and
 * `fraud` for the first), and a `fraud` customer back to the status they had before `fraud` (`previous`: the
 * `from` of the history row that moved them into it). Anything else is refused (`StaffStatusMoveNotAllowed`).
 */
export const STAFF_STATUS_MOVES = [
  { to: 'fraud', from: customerStatuses.filter((status) => !['fraud', 'closed', 'none'].includes(status)) },
  { to: 'closed', from: customerStatuses.filter((status) => !['closed', 'none'].includes(status)) },
  { to: 'previous', from: ['fraud'] },
] as const satisfies ReadonlyArray<{ to: CustomerStatus | 'previous'; from: readonly CustomerStatus[] }>;

/**
 * Whether a staff member may move a customer from `current` to `target`; `beforeFraud` is the status the customer
 * had before `fraud` (null when unknown: no way back then).
 */
export function isStaffStatusMove(
  current: CustomerStatus,
  target: CustomerStatus,
  beforeFraud: CustomerStatus | null,
): boolean {
  return STAFF_STATUS_MOVES.some((move) =>
    move.to === 'previous'
      ? (move.from as readonly CustomerStatus[]).includes(current) && beforeFraud !== null && target === beforeFraud
      : move.to === target && (move.from as readonly CustomerStatus[]).includes(current),
  );
}

/** The customer's sub-status (docs/backoffice.md §5), set by staff beside the status; null when none applies. */
export const customerSubStatuses = ['noContact', 'deceased', 'insolvency', 'dispute', 'vulnerable'] as const;
export type CustomerSubStatus = (typeof customerSubStatuses)[number];

/** The customer's gender as stored (the demo data and the staff record's PUT). */
export const customerGenders = ['female', 'male'] as const;
export type CustomerGender = (typeof customerGenders)[number];

/** registered, systemApproved, declined, securityChecked and the collection, legal and fraud states. */
export const registeredOrLaterStatuses = statusesFrom('registered');
export const isRegisteredOrLater = isIn(registeredOrLaterStatuses);

/** preRegistered and every later status. */
export const preRegisteredOrLaterStatuses = statusesFrom('preRegistered');
export const isPreRegisteredOrLater = isIn(preRegisteredOrLaterStatuses);

/**
 * "securityChecked or later (systemApproved and collection, legal and fraud states)": the documents, limit-approve,
 * success and financial-info bullet names systemApproved explicitly, so it is part of this group.
 */
export const securityCheckedOrLaterStatuses = [
  'systemApproved',
  'securityChecked',
  ...collectionLegalFraudStatuses,
] as const satisfies readonly CustomerStatus[];
export const isSecurityCheckedOrLater = isIn(securityCheckedOrLaterStatuses);

/** securityChecked and the collection, legal and fraud states: customers who have (had) an issued loan. */
export const withLoanStatuses = [
  'securityChecked',
  ...collectionLegalFraudStatuses,
] as const satisfies readonly CustomerStatus[];
export const hasLoanStatus = isIn(withLoanStatuses);

/** The header offers 'Recibe hasta 600' to these statuses when they have no active loan (first document §2). */
export const headerOfferStatuses = ['new', 'preRegistered', 'registered'] as const satisfies readonly CustomerStatus[];
/** The header shows 'TU LIMITE' with the credit limit to these statuses when they have no active loan. */
export const headerLimitStatuses = ['securityChecked', 'systemApproved'] as const satisfies readonly CustomerStatus[];

export type HeaderBanner = 'offer' | 'limit';
export function headerBannerFor(status: CustomerStatus | null, hasActiveLoan: boolean): HeaderBanner | undefined {
  if (hasActiveLoan) return undefined;
  if (status === null || isIn(headerOfferStatuses)(status)) return 'offer';
  if (isIn(headerLimitStatuses)(status)) return 'limit';
  return undefined;
}

/** The marketing opt-in prompt is shown only to these statuses (second document §4). */
export const marketingPromptStatuses = [
  'preRegistered',
  'registered',
  'systemApproved',
  'securityChecked',
] as const satisfies readonly CustomerStatus[];
export const canSeeMarketingPrompt = isIn(marketingPromptStatuses);

// ---------------------------------------------------------------------------------------------------------------
// Roles, signup enumerations, payments
// ---------------------------------------------------------------------------------------------------------------

/** User roles of the first document §3. */
export const identityUserRoles = [
  'none',
  'user',
  'cam',
  'system',
  'administrator',
  'alladmins',
  'collectioncompany',
] as const;
/** User roles of the second document §3: the first list plus `public`. */
export const userRoles = [...identityUserRoles, 'public'] as const;
export type UserRole = (typeof userRoles)[number];
/** The role of a customer acting in the customer screens (second document §6). */
export const CUSTOMER_ROLE = 'user' satisfies UserRole;

export const employmentStatuses = [
  'fullTimeEmployed',
  'selfEmployed',
  'armedForces',
  'student',
  'homeMaker',
  'retired',
  'unemployed',
  'onBenefits',
  'other',
] as const;
export type EmploymentStatus = (typeof employmentStatuses)[number];
/** The one employment status that requires companyName. */
export const EMPLOYED_STATUS = 'fullTimeEmployed' satisfies EmploymentStatus;

/** Monthly income options in euros (first document §3): 0 is "no income", 3001 is "over 3,000 €". */
export const monthlyIncomeOptions = [0, 500, 1000, 1500, 2000, 2500, 3000, 3001] as const;
export type MonthlyIncome = (typeof monthlyIncomeOptions)[number];
export const isMonthlyIncome = (value: unknown): value is MonthlyIncome =>
  (monthlyIncomeOptions as readonly unknown[]).includes(value);
