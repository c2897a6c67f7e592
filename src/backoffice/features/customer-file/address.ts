import type { StaffCustomer } from '../../../shared/api/customer-staff.ts';
import { CUSTOMER_TEXTS } from './texts.ts';

/** A customer's home address on one line ('Sin dirección' before the registration's address step). */
export function addressText(address: StaffCustomer['address']): string {
  if (!address) return CUSTOMER_TEXTS.summary.noAddress;
  const floor = address.floor ? `, ${address.floor}` : '';
  return `${address.street} ${address.streetNumber}${floor}, ${address.postcode} ${address.city} (${address.province})`;
}
