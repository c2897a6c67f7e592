import { callApi } from '../client.ts';
import { PaymentStatusGet } from '../../../shared/api/payment.ts';
import type { CallResponse } from '../../../shared/api/define.ts';

export type PaymentStatusAnswer = CallResponse<typeof PaymentStatusGet>;

/**
 * PaymentStatusGet: a payment's status (polled while `pending`). Global errors skipped: a failed check is tried
 * again by the poller until it gives up.
 */
export function getPaymentStatus(paymentId: number, signal?: AbortSignal): Promise<PaymentStatusAnswer> {
  return callApi(
    PaymentStatusGet,
    { query: { paymentId } },
    signal ? { signal, ignoreErrors: true } : { ignoreErrors: true },
  );
}
