import { isBusinessError } from '../../../lib/api/errors.ts';
import { CheckPhoneDniPost } from '../../../shared/api/customer.ts';
import { businessErrorCodes } from '../../../shared/api/business-error-codes.ts';
import { phoneCheckSchema } from '../../../shared/validators/forms.ts';
import { checkPhoneRegistered } from '../../../lib/api/calls/check-phone.ts';
import { phoneCheckDestination } from './phone-check-destination.ts';

/**
 * What the home phone form does with a number (first document §2, §4 "Phone check"), kept out of the first load: the
 * shared phone schema carries libphonenumber's metadata (~40 kB gzip), so the form loads this module on intent.
 */

export type PhoneValidation = { readonly phone: string } | { readonly error: string };

/** The shared phone rule: the 9 national digits of a Spanish mobile, or the Spanish message of the first failure. */
export function validatePhone(typed: string): PhoneValidation {
  const result = phoneCheckSchema.safeParse({ phone: typed });
  if (result.success) return { phone: result.data.phone };
  return { error: result.error.issues[0]?.message ?? businessErrorCodes.InvalidPhone.message };
}

export type PhoneCheckOutcome = { readonly destination: string } | { readonly error: string };

/**
 * CheckPhoneDniPost, then where to go: a registered number to login with the phone, any other to registration with
 * the phone. When the check fails (network, server) the visitor also goes on to registration, as the spec says ("On
 * failure go to register with the phone"; the registration checks again). Only the server's InvalidPhone stays on
 * the form, as the field's error.
 */
export async function runPhoneCheck(phone: string): Promise<PhoneCheckOutcome> {
  let registered = false;
  try {
    registered = await checkPhoneRegistered(phone);
  } catch (error) {
    if (isBusinessError(error, CheckPhoneDniPost) && error.has('InvalidPhone')) {
      return { error: error.find('InvalidPhone')?.message || businessErrorCodes.InvalidPhone.message };
    }
  }
  return { destination: phoneCheckDestination(phone, registered) };
}
