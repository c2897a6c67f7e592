import { z } from 'zod';
import { cardCreateResults, cardStatuses, scrapeSessionStatuses, threeDsStates } from './card-statuses.ts';
import { customerStatuses, employmentStatuses, userRoles } from './statuses.ts';
import {
  directTransferOrderStatuses,
  impedimentReasons,
  paymentMethods,
  paymentOptions,
  paymentRowStatuses,
  paymentSources,
  paymentStatuses,
} from './payment-statuses.ts';
import { installmentStatuses, loanRequestResults, loanStatuses } from './loan-statuses.ts';

/** The statuses' enums as zod schemas, for the contract (src/shared/api): the lists and rules are in statuses.ts. */
export const customerStatusSchema = z.enum(customerStatuses);
export const loanStatusSchema = z.enum(loanStatuses);
export const installmentStatusSchema = z.enum(installmentStatuses);
export const loanRequestResultSchema = z.enum(loanRequestResults);
export const cardStatusSchema = z.enum(cardStatuses);
export const cardCreateResultSchema = z.enum(cardCreateResults);
export const threeDsStateSchema = z.enum(threeDsStates);
export const scrapeSessionStatusSchema = z.enum(scrapeSessionStatuses);
export const userRoleSchema = z.enum(userRoles);
export const employmentStatusSchema = z.enum(employmentStatuses);
export const paymentMethodSchema = z.enum(paymentMethods);
export const paymentOptionSchema = z.enum(paymentOptions);
export const paymentStatusSchema = z.enum(paymentStatuses);
export const paymentSourceSchema = z.enum(paymentSources);
/** Every status of a payment as the back office reads it (the customer's contract: `paymentStatusSchema`). */
export const paymentRowStatusSchema = z.enum(paymentRowStatuses);
export const directTransferOrderStatusSchema = z.enum(directTransferOrderStatuses);
export const impedimentReasonSchema = z.enum(impedimentReasons);
