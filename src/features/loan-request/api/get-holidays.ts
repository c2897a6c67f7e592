import { callApi } from '../../../lib/api/client.ts';
import { HolidaysGet } from '../../../shared/api/loan.ts';

/** HolidaysGet: the holidays the loan request's form loads with its data (global errors skipped). */
export function getHolidays() {
  return callApi(HolidaysGet, {}, { ignoreErrors: true });
}
