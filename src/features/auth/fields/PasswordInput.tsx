import { useController, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { PasswordField } from '../../../lib/ui/PasswordField.tsx';

export type PasswordInputProps<T extends FieldValues> = UseControllerProps<T> & {
  label: string;
  /** 'current-password' (login) or 'new-password' (reset, update). */
  autoComplete: 'current-password' | 'new-password';
};

/** A password/PIN field of a react-hook-form form, with the design system's show/hide toggle. */
export function PasswordInput<T extends FieldValues>({ label, autoComplete, ...controller }: PasswordInputProps<T>) {
  const { field, fieldState } = useController(controller);
  return (
    <PasswordField
      label={label}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      isDisabled={field.disabled}
      autoComplete={autoComplete}
      isRequired
      errorMessage={fieldState.error?.message}
    />
  );
}
