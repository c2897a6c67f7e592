import type { ReactNode } from 'react';
import { SwitchButton, SwitchField, Text } from 'react-aria-components/Switch';
import './choice.css';

export interface SwitchProps {
  /** The visible label, e.g. 'Recordatorios de pago'. */
  children: ReactNode;
  isSelected?: boolean;
  defaultSelected?: boolean;
  onChange?: (isSelected: boolean) => void;
  name?: string;
  /** Native value submitted with the form when on. Default 'on'. */
  value?: string;
  description?: ReactNode;
  isDisabled?: boolean;
  /** Shows the switch without letting it change (e.g. while the change is being saved). */
  isReadOnly?: boolean;
  className?: string;
}

/** An on/off switch (role switch) with its label, over React Aria's SwitchField. */
export function Switch({ children, description, className, ...props }: SwitchProps) {
  return (
    <SwitchField {...props} className={['ui-choice', className].filter(Boolean).join(' ')}>
      <SwitchButton className="ui-choice-button ui-switch-button">
        <span className="ui-choice-label">{children}</span>
        <span className="ui-switch-track" aria-hidden="true">
          <span className="ui-switch-handle" />
        </span>
      </SwitchButton>
      {description && (
        <Text slot="description" className="ui-field-description ui-choice-help">
          {description}
        </Text>
      )}
    </SwitchField>
  );
}
