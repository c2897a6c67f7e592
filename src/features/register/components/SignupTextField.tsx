import { Controller, type Control } from 'react-hook-form';
import { PasswordField } from '../../../lib/ui/PasswordField.tsx';
import { TextField, type TextFieldProps } from '../../../lib/ui/TextField.tsx';
import type { SignupForm } from '../../../shared/validators/forms.ts';
import type { SignupFormValues } from '../signup-values.ts';

type TextName = {
  [K in keyof SignupFormValues]: SignupFormValues[K] extends string ? K : never;
}[keyof SignupFormValues];

export type SignupControl = Control<SignupFormValues, unknown, SignupForm>;

export interface SignupTextFieldProps extends Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'inputRef' | 'errorMessage'
> {
  control: SignupControl;
  name: TextName;
  /** A password field with its show/hide toggle. */
  secret?: boolean;
}

/** A text field of the signup form bound to react-hook-form: the spec's field name, its value, error and ref. */
export function SignupTextField({ control, name, secret = false, ...props }: SignupTextFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const bound = {
          ...props,
          name: field.name,
          value: field.value,
          onChange: field.onChange,
          onBlur: field.onBlur,
          inputRef: field.ref,
          errorMessage: fieldState.error?.message,
        };
        return secret ? <PasswordField {...bound} /> : <TextField {...bound} />;
      }}
    />
  );
}
