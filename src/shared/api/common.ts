import { z } from 'zod';
import { cardStatuses, scrapeSessionStatuses } from '../card-statuses.ts';
import { customerStatuses, employmentStatuses, monthlyIncomeOptions, userRoles, type UserRole } from '../statuses.ts';
import { installmentStatuses, loanStatuses } from '../loan-statuses.ts';
import {
  paymentOptions,
  paymentStatuses,
  directTransferOrderStatuses,
  impedimentReasons,
} from '../payment-statuses.ts';
import {
  cardStatusSchema,
  customerStatusSchema,
  employmentStatusSchema,
  installmentStatusSchema,
  loanStatusSchema,
  paymentOptionSchema,
  paymentRowStatusSchema,
  paymentSourceSchema,
  paymentStatusSchema,
  directTransferOrderStatusSchema,
  impedimentReasonSchema,
  scrapeSessionStatusSchema,
  userRoleSchema,
} from '../status-schemas.ts';
import { centsToEuros, eurosToCents, isWholeCents, MAX_WIRE_EUROS, WHOLE_CENTS_MESSAGE, type Cents } from '../money.ts';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../text.ts';

/**
 * The enumerations live in `src/shared/statuses.ts` (with the rules built on them); the contract re-exports the
 * ones its schemas use, under the names the entries import.
 */
export {
  cardStatuses,
  cardStatusSchema,
  customerStatuses,
  customerStatusSchema,
  employmentStatuses,
  employmentStatusSchema,
  installmentStatuses,
  installmentStatusSchema,
  loanStatuses,
  loanStatusSchema,
  monthlyIncomeOptions,
  paymentOptions,
  paymentOptionSchema,
  paymentStatuses,
  paymentStatusSchema,
  paymentRowStatusSchema,
  paymentSourceSchema,
  directTransferOrderStatuses,
  directTransferOrderStatusSchema,
  impedimentReasons,
  impedimentReasonSchema,
  scrapeSessionStatuses,
  scrapeSessionStatusSchema,
};
export type { CardStatus, ScrapeSessionStatus } from '../card-statuses.ts';
export type { CustomerStatus, EmploymentStatus, MonthlyIncome } from '../statuses.ts';
export type { InstallmentStatus, LoanStatus } from '../loan-statuses.ts';
export type {
  PaymentOption,
  PaymentStatus,
  PaymentSource,
  DirectTransferOrderStatus,
  ImpedimentReason,
} from '../payment-statuses.ts';

/** Member roles (second document §3): the spec's user roles. */
export const memberRoles = userRoles;
export const memberRoleSchema = userRoleSchema;
export type MemberRole = UserRole;

/** Monthly income options in euros: 0 (no income) … 3000, and 3001 meaning "over 3.000 €". */
export const monthlyIncomeSchema = z.literal(monthlyIncomeOptions);

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

/** Any string of the contract: refuses what the database or a library cannot take (`src/shared/text.ts`). */
export const textSchema = () => z.string().refine(isStorableText, { error: UNSTORABLE_TEXT_MESSAGE });

/**
 * The contract's schemas that `scripts/wire-codecs/generate.ts` cannot read from zod's definitions (their conversion
 * is a function): each is written out once more, zod-free, as the named leaf of `src/shared/api/wire/leaves.ts`.
 */
export const wireCodecLeaves = new WeakMap<z.ZodType, 'cents'>();

/**
 * The wire's euros ↔ `Cents`, for the contract: decoding (a request on the server, an answer on the client) turns
 * `208.33` into 20833; encoding (an answer on the server, a request on the client) turns it back. The wire side
 * refuses what is not finite, beyond ±MAX_WIRE_EUROS, or not a whole number of cents (a 400 at the server).
 */
export function centsFromEuros(wire: z.ZodNumber = z.number()) {
  const schema = z.codec(
    wire.min(-MAX_WIRE_EUROS).max(MAX_WIRE_EUROS),
    z.custom<Cents>((value) => typeof value === 'number' && Number.isSafeInteger(value)),
    {
      // The whole-cents check belongs to decoding only (it runs after the bounds passed): an encoded amount comes
      // from integer cents and is whole by construction, so every answer's money is not checked a second time.
      decode: (euros, context) => {
        if (isWholeCents(euros)) return eurosToCents(euros);
        context.issues.push({ code: 'custom', message: WHOLE_CENTS_MESSAGE, input: euros });
        return z.NEVER;
      },
      encode: (cents) => centsToEuros(cents),
    },
  );
  wireCodecLeaves.set(schema, 'cents');
  return schema;
}

/**
 * Money on the wire: euros as numbers (`2500`, `208.33`), decoded into `Cents` for every handler and component
 * and encoded back on the way out (`centsFromEuros` above). A wire amount that is not a whole
 * number of cents, not finite, or beyond ±MAX_WIRE_EUROS is refused (400).
 */
export const moneySchema = centsFromEuros();
/** Money the customer asks to move: positive. */
export const positiveMoneySchema = centsFromEuros(z.number().positive());

/** The largest database id: PostgreSQL `integer` (int4) columns. */
export const MAX_DB_ID = 2_147_483_647;
/** A database id in JSON: a positive int4. */
export const idSchema = z.number().int().positive().max(MAX_DB_ID);
/** A staff member as a record names them (who proposed, matched, is assigned). */
export const staffNameSchema = z.object({ id: idSchema, fullName: z.string() });

/** A database id in a path or query string: a number or its decimal string. */
export const idParamSchema = z.coerce.number<string | number>().int().positive().max(MAX_DB_ID);

/** Bounded strings; the bounds are far above any valid value and only stop abuse. */
export const shortText = (max = 100) => textSchema().max(max);
export const phoneSchema = textSchema().min(1).max(20);
export const countryCodeSchema = textSchema().min(1).max(5);
export const passwordSchema = textSchema().min(1).max(64);
export const pinSchema = textSchema().min(1).max(10);
export const emailTextSchema = textSchema().min(1).max(254);
export const tokenSchema = textSchema().min(1).max(4096);
export const urlTextSchema = textSchema().min(1).max(2048);

/** Acknowledgement of an action: `true` on success (failures answer 422 with a business code). */
export const ackSchema = z.boolean();

/**
 * Card sub-statuses, the card proof's steps: `askForProof` (the spec's "ask-for-proof": staff asked for it),
 * `uploaded` (proof received), then staff's review `proofAccepted` or `proofRejected`.
 */
export const cardSubStatuses = ['uploaded', 'askForProof', 'proofAccepted', 'proofRejected'] as const;
export const cardSubStatusSchema = z.enum(cardSubStatuses);

/** Agreement texts by type. */
/**
 * Agreement texts by type. `preContractInformation` is the standard European consumer credit information
 * (Información normalizada europea sobre el crédito al consumo, Directive 2023/2225), shown before the agreement.
 */
export const agreementTypes = ['agreement', 'termsAndConditions', 'loanExplanation', 'preContractInformation'] as const;
export const agreementTypeSchema = z.enum(agreementTypes);

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
export type CardSubStatus = z.infer<typeof cardSubStatusSchema>;
export type AgreementType = z.infer<typeof agreementTypeSchema>;
export type LoanFlowScreen = z.infer<typeof loanFlowScreenSchema>;

/**
 * A file of a multipart body: a `Blob` (or `File`) when the client builds the `FormData`, the bytes (a Node
 * `Buffer` is a `Uint8Array`) once the server has parsed the multipart body.
 */
export const fileSchema = z.custom<Blob | Uint8Array>(
  (value) => value instanceof Uint8Array || (typeof Blob !== 'undefined' && value instanceof Blob),
  { message: 'Debe ser un archivo' },
);

/** What the handler of a `file` entry returns (define.ts): the bytes go on the wire as they are, not as JSON. */
export const fileAnswerSchema = z.object({
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'Debe ser un archivo' }),
  contentType: z.string().min(1),
  filename: z.string(),
});
export type FileAnswer = z.infer<typeof fileAnswerSchema>;

/** A PDF as the API answers it (the agreement, the restructure's pre-contract information): file name and base64. */
export const agreementPdfSchema = z.object({ filename: z.string(), base64String: z.string() });
export type AgreementPdf = z.infer<typeof agreementPdfSchema>;
