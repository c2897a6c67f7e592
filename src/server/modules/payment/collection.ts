import { daysBetweenIso } from '../../../shared/calendar.ts';
import type { CustomerStatus } from '../../../shared/statuses.ts';
import type { Executor } from '../../db/connect.ts';
import { moveCustomerStatus } from '../customer/index.ts';
import { lastStatusBefore, oldestPayableDate } from './repository/collection.ts';
import { findCustomerForPayment } from './repository/customers.ts';

/**
 * Collection statuses (docs/rules/payments.md "Collection statuses"): the customer's status follows how late their
 * oldest unpaid instalment of a running loan is, in Europe/Madrid days:
 *
 * - up to 30 days late (or nothing late): the status they had (securityChecked, or systemApproved);
 * - 31 to 60 days late: internalCollection (the lender's own collection);
 * - more than 60 days late: externalCollection (handed to a collection agency).
 *
 * Only these three moves are automatic: processCollection, legal, legalCollection, fraud, closed are staff
 * decisions and never changed here. When the customer is back within 30 days (paid), they return to the status
 * they had before collection (from the history). Run on every settled payment and by the daily collection job.
 */

export const INTERNAL_COLLECTION_AFTER_DAYS = 30;
export const EXTERNAL_COLLECTION_AFTER_DAYS = 60;

const AUTOMATIC: ReadonlySet<CustomerStatus> = new Set(['internalCollection', 'externalCollection']);
const BEFORE_COLLECTION: ReadonlySet<CustomerStatus> = new Set(['securityChecked', 'systemApproved']);

/** The collection status for a number of days late, or null (not in collection). */
export function collectionStatusFor(daysLate: number): 'internalCollection' | 'externalCollection' | null {
  if (daysLate > EXTERNAL_COLLECTION_AFTER_DAYS) return 'externalCollection';
  if (daysLate > INTERNAL_COLLECTION_AFTER_DAYS) return 'internalCollection';
  return null;
}

/** The status the customer had before the automatic collection statuses (securityChecked when unknown). */
async function statusBeforeCollection(tx: Executor, customerId: number): Promise<CustomerStatus> {
  const from = await lastStatusBefore(tx, customerId, [...AUTOMATIC]);
  return from && BEFORE_COLLECTION.has(from) ? from : 'securityChecked';
}

/**
 * Moves the customer to the status their overdue days call for (with its history row), in the caller's
 * transaction; answers the new status when it changed, else null.
 */
export async function syncCollectionStatus(
  tx: Executor,
  customerId: number,
  change: { today: string; changedBy: string; at: Date },
): Promise<CustomerStatus | null> {
  const customer = await findCustomerForPayment(tx, customerId);
  if (!customer) return null;
  const managed = AUTOMATIC.has(customer.status) || BEFORE_COLLECTION.has(customer.status);
  if (!managed) return null;
  const oldest = await oldestPayableDate(tx, customerId);
  const daysLate = oldest === null ? 0 : Math.max(0, daysBetweenIso(oldest, change.today));
  const wanted = collectionStatusFor(daysLate);
  let target: CustomerStatus;
  if (wanted !== null) target = wanted;
  else if (AUTOMATIC.has(customer.status)) target = await statusBeforeCollection(tx, customerId);
  else return null;
  if (target === customer.status) return null;
  const moved = await moveCustomerStatus(tx, {
    id: customerId,
    from: customer.status,
    to: target,
    changedBy: change.changedBy,
    reason: wanted === null ? 'overdue paid' : `overdue ${daysLate} days`,
    at: change.at,
  });
  return moved ? target : null;
}
