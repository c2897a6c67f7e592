import { useState } from 'react';
import { Button as AriaButton } from 'react-aria-components/Button';
import { TextField, type TextFieldProps } from './TextField.tsx';
import { UI_TEXTS } from './ui-texts.ts';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'prefix' | 'endAdornment'>;

/** A password (or PIN) field with a show/hide toggle ('Mostrar contraseña' / 'Ocultar contraseña'). */
export function PasswordField(props: PasswordFieldProps) {
  const [isVisible, setVisible] = useState(false);
  return (
    <TextField
      autoComplete="current-password"
      {...props}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <AriaButton
          className="ui-field-toggle"
          aria-label={isVisible ? UI_TEXTS.hidePassword : UI_TEXTS.showPassword}
          isDisabled={props.isDisabled}
          onPress={() => setVisible((visible) => !visible)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path
              d="M12 5C6.5 5 2.7 9.2 1.5 12c1.2 2.8 5 7 10.5 7s9.3-4.2 10.5-7C21.3 9.2 17.5 5 12 5Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-2.2a2.3 2.3 0 1 0 0-4.6 2.3 2.3 0 0 0 0 4.6Z"
              fill="currentColor"
            />
            {isVisible && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
          </svg>
        </AriaButton>
      }
    />
  );
}
