import type { ReactNode, Ref } from 'react';
import { CheckboxButton, CheckboxField, FieldError, Text } from 'react-aria-components/Checkbox';
import './choice.css';

export interface CheckboxProps {
  /** The visible label (the whole row is the target). */
  children: ReactNode;
  isSelected?: boolean;
  defaultSelected?: boolean;
  onChange?: (isSelected: boolean) => void;
  onBlur?: () => void;
  name?: string;
  /** Native value submitted with the form when checked. Default 'on'. */
  value?: string;
  description?: ReactNode;
  /** Error text; when present the checkbox is marked invalid. */
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  isIndeterminate?: boolean;
  /** The native input (react-hook-form's `field.ref`). */
  inputRef?: Ref<HTMLInputElement | null>;
  className?: string;
}

/** A checkbox with its label, help text and error, over React Aria's CheckboxField. */
export function Checkbox({ children, description, errorMessage, inputRef, className, ...props }: CheckboxProps) {
  const isInvalid = errorMessage !== undefined && errorMessage !== '';
  return (
    <CheckboxField
      {...props}
      inputRef={inputRef}
      isInvalid={isInvalid}
      validationBehavior="aria"
      className={['ui-choice', 'ui-checkbox', className].filter(Boolean).join(' ')}
    >
      <CheckboxButton className="ui-choice-button">
        {({ isSelected, isIndeterminate }) => (
          <>
            <span className="ui-checkbox-box" aria-hidden="true">
              {isIndeterminate ? (
                <svg viewBox="0 0 24 24" width="18" height="18" focusable="false">
                  <path d="M6 12h12" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
                </svg>
              ) : (
                isSelected && (
                  <svg viewBox="0 0 24 24" width="18" height="18" focusable="false">
                    <path
                      d="M5 12.5l4.5 4.5L19 7.5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="3"
                      strokeLinecap="round"
                    />
                  </svg>
                )
              )}
            </span>
            <span className="ui-choice-label">{children}</span>
          </>
        )}
      </CheckboxButton>
      {description && (
        <Text slot="description" className="ui-field-description ui-choice-help">
          {description}
        </Text>
      )}
      <FieldError className="ui-field-error ui-choice-help">{errorMessage}</FieldError>
    </CheckboxField>
  );
}
