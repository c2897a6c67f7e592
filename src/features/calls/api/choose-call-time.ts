import { callApi } from '../../../lib/api/client.ts';
import { ChooseCallTimePost } from '../../../shared/api/calls.ts';

/** Books the welcome call in this slot for the customer: true when booked, false when the slot is not (any more). */
export function chooseCallTime(customerId: number, availableCallTimeId: number): Promise<boolean> {
  return callApi(ChooseCallTimePost, { body: { customerId, availableCallTimeId, subject: 'welcomeCall' } });
}
