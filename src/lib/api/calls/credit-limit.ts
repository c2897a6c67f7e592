import { CreditLimitGet } from '../../../shared/api/loan.ts';
import type { Cents } from '../../../shared/money.ts';
import { callApi } from '../client.ts';

/** CreditLimitGet: the caller's available limit in cents (limit approval, loan request). Global errors skipped. */
export async function getAvailableLimit(signal?: AbortSignal): Promise<Cents> {
  const { availableLimit } = await callApi(
    CreditLimitGet,
    {},
    signal ? { ignoreErrors: true, signal } : { ignoreErrors: true },
  );
  return availableLimit;
}
