import { callApi } from '../../../lib/api/client.ts';
import { SaveAddressPut } from '../../../shared/api/registration.ts';
import type { MemberDetails } from '../../../shared/api/customer-schemas.ts';
import type { AddressForm } from '../../../shared/validators/forms.ts';

/**
 * SaveAddressPut: saves the home address (a preRegistered customer becomes registered). The form's `number` is the
 * contract's `streetNumber`; an empty floor is sent as null.
 */
export async function saveAddress(address: AddressForm): Promise<MemberDetails> {
  const { memberDetails } = await callApi(SaveAddressPut, {
    body: {
      street: address.street,
      streetNumber: address.number,
      floor: address.floor ? address.floor : null,
      postcode: address.postcode,
      city: address.city,
      province: address.province,
    },
  });
  return memberDetails;
}
