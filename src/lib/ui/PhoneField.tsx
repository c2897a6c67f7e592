import type { FieldPath, FieldValues } from 'react-hook-form';
import { COUNTRY_CODE } from '../../shared/constants.ts';
import { FormTextField, type FormTextFieldProps } from './FormTextField.tsx';

/** Room for a number typed with spaces or an international prefix ('0034 600 00 00 00'); the phone rule normalises it. */
export const PHONE_INPUT_MAX_LENGTH = 20;

/**
 * A Spanish mobile number field of a react-hook-form form: the +34 prefix, the phone keyboard (digits, spaces and
 * '+' are all accepted), browser autofill of the national number. Every phone field of the app (login, forgot PIN,
 * reset, phone check, signup, change of mobile) is this one.
 */
export function PhoneField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, O = T>(
  props: FormTextFieldProps<T, N, O> & { label: string },
) {
  return (
    <FormTextField<T, N, O>
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      maxLength={PHONE_INPUT_MAX_LENGTH}
      prefix={COUNTRY_CODE}
      isRequired
      {...props}
    />
  );
}
