import type { ReactNode, Ref } from 'react';
import {
  Select as AriaSelect,
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  SelectValue,
  Text,
} from 'react-aria-components/Select';
import { UI_TEXTS } from './ui-texts.ts';
import './field.css';
import './select.css';

export interface SelectOption {
  readonly value: string;
  readonly label: string;
  readonly isDisabled?: boolean;
}

export interface SelectProps {
  label: ReactNode;
  options: readonly SelectOption[];
  /** The chosen option's value (controlled); null for none. */
  value?: string | null;
  defaultValue?: string | null;
  onChange?: (value: string | null) => void;
  onBlur?: () => void;
  /** Form field name (a hidden native select carries the value for native forms). */
  name?: string;
  description?: ReactNode;
  /** Error text; when present the field is marked invalid. */
  errorMessage?: string;
  /** Default 'Selecciona una opción'. */
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** The trigger button (react-hook-form's `field.ref`). */
  triggerRef?: Ref<HTMLButtonElement>;
  className?: string;
}

/** A single-choice list in a popover, over React Aria's Select (listbox semantics, typeahead, keyboard). */
export function Select({
  label,
  options,
  value,
  defaultValue,
  onChange,
  onBlur,
  name,
  description,
  errorMessage,
  placeholder = UI_TEXTS.selectPlaceholder,
  isRequired,
  isDisabled,
  triggerRef,
  className,
}: SelectProps) {
  const isInvalid = errorMessage !== undefined && errorMessage !== '';
  return (
    <AriaSelect
      className={['ui-field', 'ui-select', className].filter(Boolean).join(' ')}
      value={value}
      defaultValue={defaultValue}
      onChange={(key) => onChange?.(key === null ? null : String(key))}
      onBlur={onBlur}
      name={name}
      placeholder={placeholder}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={isInvalid}
      validationBehavior="aria"
      disabledKeys={options.filter((option) => option.isDisabled).map((option) => option.value)}
    >
      <Label className="ui-field-label">{label}</Label>
      <AriaButton className="ui-field-control ui-select-trigger" ref={triggerRef}>
        <SelectValue className="ui-select-value" />
        <svg
          className="ui-select-chevron"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </AriaButton>
      {description && (
        <Text slot="description" className="ui-field-description">
          {description}
        </Text>
      )}
      <FieldError className="ui-field-error">{errorMessage}</FieldError>
      <Popover className="ui-popover ui-select-popover">
        <ListBox className="ui-listbox" items={options}>
          {(option) => (
            <ListBoxItem id={option.value} textValue={option.label} className="ui-listbox-item">
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
