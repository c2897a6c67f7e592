import { useController, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { Select, type SelectOption } from './Select.tsx';

/** `T` the form's values, `N` this field's path, `O` the values after the form's resolver. */
export type FormSelectProps<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, O = T> = UseControllerProps<
  T,
  N,
  O
> & { label: string; options: readonly SelectOption[] };

/**
 * A required single-choice field of a react-hook-form form whose value is a string, '' while nothing is chosen
 * (so the form's schema gives the 'required' message): the form's field name, its error linked to the trigger, and
 * the trigger as the field's ref, so a failed submit focuses it.
 */
export function FormSelect<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, O = T>({
  label,
  options,
  ...controller
}: FormSelectProps<T, N, O>) {
  const { field, fieldState } = useController<T, N, O>(controller);
  const value: unknown = field.value;
  return (
    <Select
      label={label}
      name={field.name}
      options={options}
      value={typeof value === 'string' && value !== '' ? value : null}
      onChange={(chosen) => field.onChange(chosen ?? '')}
      onBlur={field.onBlur}
      triggerRef={field.ref}
      isDisabled={field.disabled}
      isRequired
      errorMessage={fieldState.error?.message}
    />
  );
}
