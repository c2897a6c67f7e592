import type { FastifyBaseLogger } from 'fastify';
import type { Address, MemberDetails } from '../../../shared/api/customer-schemas.ts';
import { isCustomerStatus, mustLogOutStatus } from '../../../shared/statuses.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { moveCustomerStatus, saveAddress, validateAddress } from '../customer/index.ts';
import { memberDetailsOf, findMemberById } from '../membership/index.ts';
import type { RegistrationDeps } from './service.ts';

/**
 * SaveAddressPut. A preRegistered customer's address moves it to registered (history row), in one transaction; a
 * customer at registered or any later status (declined included) updates the address, status unchanged; `new`
 * (mobile not confirmed yet) and closed/none answer NotAllowedCustomerStatus.
 */
export async function saveCustomerAddress(
  deps: RegistrationDeps,
  customer: AuthenticatedCustomer,
  body: Address,
  log: FastifyBaseLogger,
): Promise<{ memberDetails: MemberDetails }> {
  const member = await findMemberById(deps.db, customer.id);
  if (!member) throw new HttpError('Unauthorized');
  const status = member.status;
  if (status === 'new' || !isCustomerStatus(status) || mustLogOutStatus(status)) {
    throw new BusinessError('NotAllowedCustomerStatus');
  }
  const address = validateAddress(body);
  const now = deps.clock.now();
  const registered = await deps.db.transaction(async (tx) => {
    await saveAddress(tx, member.id, address, now);
    if (status !== 'preRegistered') return false;
    const moved = await moveCustomerStatus(tx, {
      id: member.id,
      from: 'preRegistered',
      to: 'registered',
      changedBy: 'customer',
      reason: 'addressSaved',
      at: now,
    });
    // Another request moved it meanwhile: the address is still the customer's, saved with the status it has.
    return moved;
  });
  log.info(
    { event: 'addressSaved', customerId: member.id, statusChange: registered ? 'preRegistered→registered' : null },
    'address saved',
  );
  const updated = await findMemberById(deps.db, member.id);
  if (!updated) throw new HttpError('Unauthorized');
  return { memberDetails: memberDetailsOf(updated) };
}
