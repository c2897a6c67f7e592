import { useController, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { TextField } from '../../../lib/ui/TextField.tsx';
import { COUNTRY_CODE } from '../../../shared/constants.ts';
import { AUTH_TEXTS } from '../texts.ts';

export type PhoneInputProps<T extends FieldValues> = UseControllerProps<T> & { label?: string };

/**
 * A Spanish mobile number field of a react-hook-form form: the +34 prefix, a numeric keyboard, the spec's field name
 * as `name`, and the shared phone schema's message linked to the input.
 */
export function PhoneInput<T extends FieldValues>({
  label = AUTH_TEXTS.phoneLabel,
  ...controller
}: PhoneInputProps<T>) {
  const { field, fieldState } = useController(controller);
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
      maxLength={20}
      prefix={COUNTRY_CODE}
      isRequired
      errorMessage={fieldState.error?.message}
    />
  );
}
