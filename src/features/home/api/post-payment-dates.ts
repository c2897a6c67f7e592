import { callApi } from '../../../lib/api/client.ts';
import type { PaymentDateRequest } from '../../../shared/api/loan.ts';
import { PaymentDatePost } from '../../../shared/api/wire/generated.ts';
import type { IsoDate } from '../../../shared/calendar.ts';

/**
 * PaymentDatePost: the salary-driven payment dates the calculator picks its instalment dates from. Failures are
 * shown in place by the calculator, so the global error dialogs are skipped. A first visit's call: its zod-free
 * codecs (src/shared/api/wire/generated.ts).
 */
export function postPaymentDates(request: PaymentDateRequest, signal?: AbortSignal): Promise<IsoDate[]> {
  return callApi(PaymentDatePost, { body: request }, { ignoreErrors: true, signal });
}
