import { callApi, type CallOptions } from '../../../lib/api/client.ts';
import { RolloverAvailableDatesGet } from '../../../shared/api/rollover.ts';

/** RolloverAvailableDatesGet: the new dates the loan may move to, from `fromDate` (today). */
export function getRolloverDates(query: { fromDate: string; loanId: number }, options: CallOptions = {}) {
  return callApi(RolloverAvailableDatesGet, { query }, options);
}
