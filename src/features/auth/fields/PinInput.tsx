import { useController, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { TextField } from '../../../lib/ui/TextField.tsx';
import { LENGTHS } from '../../../shared/constants.ts';

export type PinInputProps<T extends FieldValues> = UseControllerProps<T> & { label: string };

/** The 4-digit PIN from the SMS: numeric keyboard, and the browser's one-time-code autofill. */
export function PinInput<T extends FieldValues>({ label, ...controller }: PinInputProps<T>) {
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
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={LENGTHS.pin}
      isRequired
      errorMessage={fieldState.error?.message}
    />
  );
}
