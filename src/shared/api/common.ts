import { z } from 'zod';

/**
 * Wire primitives and enums shared by the contract files.
 *
 * The contract checks shape and types only (required fields, types, date formats, sane lengths); business rules
 * (DNI checksum, age, phone pattern, password length, …) are the server's and answer 422 business codes, so a client
 * gets the spec's specific message instead of a generic validation error.
 */

/** A calendar date on the wire: `YYYY-MM-DD` (a real date: month 01-12, day valid for the month). */
export const isoDateSchema = z.iso.date();
/** An instant on the wire: ISO 8601 with `Z` or an offset, e.g. `2025-03-01T10:15:00+01:00`. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** Euros as a number on the wire (`2500`, `208.33`). */
export const moneySchema = z.number().finite();
/** Euros the customer asks to move: positive. */
export const positiveMoneySchema = z.number().finite().positive();

/** A database id in JSON. */
export const idSchema = z.number().int().positive();
/** A database id in a path or query string: a number or its decimal string. */
export const idParamSchema = z.coerce.number<string | number>().int().positive();

/** Bounded strings; the bounds are far above any valid value and only stop abuse. */
export const shortText = (max = 100) => z.string().max(max);
export const phoneSchema = z.string().min(1).max(20);
export const countryCodeSchema = z.string().min(1).max(5);
export const passwordSchema = z.string().min(1).max(64);
export const pinSchema = z.string().min(1).max(10);
export const emailTextSchema = z.string().min(1).max(254);
export const tokenSchema = z.string().min(1).max(4096);
export const urlTextSchema = z.string().min(1).max(2048);

/** Acknowledgement of an action: `true` on success (failures answer 422 with a business code). */
export const ackSchema = z.boolean();

/** Customer statuses of both documents (first document §4, second document §4). */
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
export const customerStatusSchema = z.enum(customerStatuses);

/** Member roles (second document §3). */
export const memberRoles = [
  'none',
  'user',
  'cam',
  'system',
  'administrator',
  'alladmins',
  'collectioncompany',
  'public',
] as const;
export const memberRoleSchema = z.enum(memberRoles);

/** Loan statuses (second document §4); `hasOverduePayments` is synthetic (computed by the client), never on the wire. */
export const loanStatuses = [
  'notSet',
  'requested',
  'transferRequested',
  'transferPending',
  'queued',
  'issued',
  'repaid',
  'restructured',
  'cancelled',
  'agreementAssigned',
  'rollovered',
  'arranged',
] as const;
export const loanStatusSchema = z.enum(loanStatuses);

export const installmentStatuses = ['paid', 'restructured', 'rollovered', 'arranged', 'notPaid'] as const;
export const installmentStatusSchema = z.enum(installmentStatuses);

export const cardStatuses = [
  'NotValidatedYet',
  'Invalid',
  'AddresslessValid',
  'Valid',
  'PennyChecked',
  'Linked',
  'Deleted',
] as const;
export const cardStatusSchema = z.enum(cardStatuses);

/** Card sub-statuses: `uploaded` (proof received) and `askForProof` (the spec's "ask-for-proof"). */
export const cardSubStatuses = ['uploaded', 'askForProof'] as const;
export const cardSubStatusSchema = z.enum(cardSubStatuses);

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
export const employmentStatusSchema = z.enum(employmentStatuses);

/** Monthly income options in euros: 0 (no income) … 3000, and 3001 meaning "over 3.000 €". */
export const monthlyIncomeOptions = [0, 500, 1000, 1500, 2000, 2500, 3000, 3001] as const;
export const monthlyIncomeSchema = z.literal(monthlyIncomeOptions);

/** Agreement texts by type. */
export const agreementTypes = ['agreement', 'termsAndConditions', 'loanExplanation'] as const;
export const agreementTypeSchema = z.enum(agreementTypes);

/** Payment options of the payment route's `paymentOption` query parameter (second document §2). */
export const paymentOptions = ['pendingInstallments', 'firstNotPaidInstallment', 'closeLoan'] as const;
export const paymentOptionSchema = z.enum(paymentOptions);

/** Scrape session statuses (second document §2). */
export const scrapeSessionStatuses = [
  'succeeded',
  'sessionFailed',
  'decisionFailed',
  'decisionRejected',
  'unnaxResponseTimeout',
  'inProgress',
] as const;
export const scrapeSessionStatusSchema = z.enum(scrapeSessionStatuses);

/** Loan-flow screen names of the screen-visit log (second document §2). */
export const loanFlowScreens = [
  'Scrape',
  'LoanApply',
  'LimitApproval',
  'LoanCreation',
  'DocumentUpload',
  'CardEntry',
  'Decline',
  'Success',
] as const;
export const loanFlowScreenSchema = z.enum(loanFlowScreens);

export type IsoDate = z.infer<typeof isoDateSchema>;
export type CustomerStatus = z.infer<typeof customerStatusSchema>;
export type MemberRole = z.infer<typeof memberRoleSchema>;
export type LoanStatus = z.infer<typeof loanStatusSchema>;
export type InstallmentStatus = z.infer<typeof installmentStatusSchema>;
export type CardStatus = z.infer<typeof cardStatusSchema>;
export type CardSubStatus = z.infer<typeof cardSubStatusSchema>;
export type EmploymentStatus = z.infer<typeof employmentStatusSchema>;
export type MonthlyIncome = z.infer<typeof monthlyIncomeSchema>;
export type AgreementType = z.infer<typeof agreementTypeSchema>;
export type PaymentOption = z.infer<typeof paymentOptionSchema>;
export type ScrapeSessionStatus = z.infer<typeof scrapeSessionStatusSchema>;
export type LoanFlowScreen = z.infer<typeof loanFlowScreenSchema>;

/**
 * A file of a multipart body: a `Blob` (or `File`) when the client builds the `FormData`, the bytes (a Node
 * `Buffer` is a `Uint8Array`) once the server has parsed the multipart body.
 */
export const fileSchema = z.custom<Blob | Uint8Array>(
  (value) => value instanceof Uint8Array || (typeof Blob !== 'undefined' && value instanceof Blob),
  { message: 'Expected a file' },
);
