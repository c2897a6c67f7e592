import { useId, type ReactNode, type Ref } from 'react';
import {
  TextField as AriaTextField,
  FieldError,
  Input,
  Label,
  Text,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components/TextField';
import './field.css';

export interface TextFieldProps extends Omit<
  AriaTextFieldProps,
  'className' | 'style' | 'children' | 'isInvalid' | 'validate' | 'render'
> {
  /** Visible label, bound to the input. */
  label: ReactNode;
  /** Help text under the input (linked with aria-describedby). */
  description?: ReactNode;
  /** Error text; when present the field is marked invalid (aria-invalid) and the text is linked to the input. */
  errorMessage?: string;
  /** A fixed text shown before the input, e.g. '+34' for phone numbers. */
  prefix?: string;
  /** Content shown after the input inside the field box (e.g. the password toggle). */
  endAdornment?: ReactNode;
  placeholder?: string;
  /** The input element (react-hook-form's `field.ref`, to focus the first invalid field). */
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * A labelled text input over React Aria's TextField. `name` and every input attribute pass through; validation is
 * the caller's (react-hook-form + zod) and its message comes in `errorMessage`.
 */
export function TextField({
  label,
  description,
  errorMessage,
  prefix,
  endAdornment,
  placeholder,
  inputRef,
  className,
  validationBehavior = 'aria',
  ...props
}: TextFieldProps) {
  const prefixId = useId();
  const isInvalid = errorMessage !== undefined && errorMessage !== '';
  const describedBy = [prefix ? prefixId : undefined, props['aria-describedby']].filter(Boolean).join(' ');
  return (
    <AriaTextField
      {...props}
      aria-describedby={describedBy || undefined}
      validationBehavior={validationBehavior}
      isInvalid={isInvalid}
      className={['ui-field', className].filter(Boolean).join(' ')}
    >
      <Label className="ui-field-label">{label}</Label>
      <div className="ui-field-control">
        {prefix && (
          <span className="ui-field-prefix" id={prefixId}>
            {prefix}
          </span>
        )}
        <Input className="ui-field-input" placeholder={placeholder} ref={inputRef} />
        {endAdornment}
      </div>
      {description && (
        <Text slot="description" className="ui-field-description">
          {description}
        </Text>
      )}
      <FieldError className="ui-field-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
