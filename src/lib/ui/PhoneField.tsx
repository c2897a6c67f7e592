import { useController, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { COUNTRY_CODE } from '../../shared/constants.ts';
import { TextField } from './TextField.tsx';

/** Room for a number typed with spaces or an international prefix ('0034 600 00 00 00'); the phone rule normalises it. */
export const PHONE_INPUT_MAX_LENGTH = 20;

/** `T` the form's values, `N` this field's path, `O` the values after the form's resolver. */
export type PhoneFieldProps<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, O = T> = UseControllerProps<
  T,
  N,
  O
> & { label: string };

/**
 * A Spanish mobile number field of a react-hook-form form: the +34 prefix, the phone keyboard (digits, spaces and
 * '+' are all accepted), the form's field name as `name`, browser autofill of the national number and the form's
 * message linked to the input. Every phone field of the app (login, forgot PIN, reset, phone check, change of
 * mobile) is this one.
 */
export function PhoneField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, O = T>({
  label,
  ...controller
}: PhoneFieldProps<T, N, O>) {
  const { field, fieldState } = useController<T, N, O>(controller);
  return (
    <TextField
      label={label}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      isDisabled={field.disabled}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      maxLength={PHONE_INPUT_MAX_LENGTH}
      prefix={COUNTRY_CODE}
      isRequired
      errorMessage={fieldState.error?.message}
    />
  );
}
