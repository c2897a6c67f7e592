import { callApi, type CallOptions } from '../../../lib/api/client.ts';
import { RolloverCalculatePost, type RolloverQuote } from '../../../shared/api/rollover.ts';

/** RolloverCalculatePost: the fee and the new amount for a date. */
export function calculateRollover(
  body: { loanId: number; rolloverDate: string },
  options: CallOptions = {},
): Promise<RolloverQuote> {
  return callApi(RolloverCalculatePost, { body }, options);
}
