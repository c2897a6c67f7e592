/**
 * What the address page does with a refused SaveAddressPut: InvalidPostcode and InvalidProvince go on their fields;
 * NotAllowedCustomerStatus (the status changed elsewhere) refreshes the customer's details and says why; anything
 * else is an 'Aviso' with the message. Failures the global catalogue showed (offline, 401, 5xx…) add nothing.
 */
import { globalOutcomeFor } from '../../lib/api/error-catalogue.ts';
import { isApiError, isBusinessError } from '../../lib/api/errors.ts';
import { openDialog } from '../../lib/ui/dialog-store.ts';
import { SaveAddressPut } from '../../shared/api/registration.ts';
import { businessErrorCodes } from '../../shared/api/business-error-codes.ts';
import { ADDRESS_TEXTS } from './texts.ts';

export interface AddressErrorActions {
  setFieldError(field: 'postcode' | 'province', message: string): void;
  statusChanged(): void;
}

export async function handleAddressError(error: unknown, actions: AddressErrorActions): Promise<void> {
  if (isBusinessError(error, SaveAddressPut)) {
    if (error.has('InvalidPostcode')) {
      actions.setFieldError(
        'postcode',
        error.find('InvalidPostcode')?.message || businessErrorCodes.InvalidPostcode.message,
      );
      return;
    }
    if (error.has('InvalidProvince')) {
      actions.setFieldError(
        'province',
        error.find('InvalidProvince')?.message || businessErrorCodes.InvalidProvince.message,
      );
      return;
    }
    if (error.has('NotAllowedCustomerStatus')) actions.statusChanged();
  } else if (isApiError(error) && error.kind !== 'business' && globalOutcomeFor(error).kind !== 'passThrough') {
    return;
  } else if (!isApiError(error)) {
    console.error('Address: unexpected failure', error);
  }
  const message = isApiError(error) ? error.errors[0]?.message : undefined;
  await openDialog({ type: 'warning', content: message || ADDRESS_TEXTS.unexpected });
}
