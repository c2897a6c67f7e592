import { useController, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { PasswordField } from './PasswordField.tsx';
import { TextField, type TextFieldProps } from './TextField.tsx';

/** `T` the form's values, `N` this field's path, `O` the values after the form's resolver. */
export type FormTextFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  O = T,
> = UseControllerProps<T, N, O> &
  Omit<
    TextFieldProps,
    'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'inputRef' | 'errorMessage' | 'isDisabled'
  > & {
    /** A password or PIN: the design system's show/hide toggle. */
    secret?: boolean;
    /** Told of every typed value after the form is (e.g. to suggest the province from the postcode). */
    onValueChange?: (value: string) => void;
  };

/**
 * A text field of a react-hook-form form: the form's field name as `name`, its value, its error linked to the input
 * and the input as the field's ref (a failed submit focuses the first field in error). Every input attribute of
 * TextField passes through. Every text, password, PIN and phone field of the app's forms is this one.
 */
export function FormTextField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, O = T>({
  control,
  name,
  rules,
  shouldUnregister,
  defaultValue,
  disabled,
  exact,
  secret = false,
  onValueChange,
  ...props
}: FormTextFieldProps<T, N, O>) {
  const { field, fieldState } = useController<T, N, O>({
    control,
    name,
    rules,
    shouldUnregister,
    defaultValue,
    disabled,
    exact,
  });
  const value: unknown = field.value;
  const bound: TextFieldProps = {
    ...props,
    name: field.name,
    value: typeof value === 'string' ? value : '',
    onChange: (typed: string) => {
      field.onChange(typed);
      onValueChange?.(typed);
    },
    onBlur: field.onBlur,
    inputRef: field.ref,
    isDisabled: field.disabled,
    errorMessage: fieldState.error?.message,
  };
  return secret ? <PasswordField {...bound} /> : <TextField {...bound} />;
}
