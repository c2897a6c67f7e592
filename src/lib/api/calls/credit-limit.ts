import { CreditLimitGet } from '../../../shared/api/loan.ts';
import type { Cents } from '../../../shared/money.ts';
import { callApi } from '../client.ts';

/** CreditLimitGet: both available limits in cents, the instalment loan's and the minipréstamo's. Global errors skipped. */
export async function getCreditLimits(
  signal?: AbortSignal,
): Promise<{ availableLimit: Cents; miniAvailableLimit: Cents }> {
  const { availableLimit, miniAvailableLimit } = await callApi(
    CreditLimitGet,
    {},
    signal ? { ignoreErrors: true, signal } : { ignoreErrors: true },
  );
  return { availableLimit, miniAvailableLimit };
}

/** The instalment loan's available limit in cents (limit approval). */
export async function getAvailableLimit(signal?: AbortSignal): Promise<Cents> {
  return (await getCreditLimits(signal)).availableLimit;
}
