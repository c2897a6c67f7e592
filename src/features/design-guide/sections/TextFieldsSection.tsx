import { useState } from 'react';
import { PasswordField } from '../../../lib/ui/PasswordField.tsx';
import { TextField } from '../../../lib/ui/TextField.tsx';
import { COUNTRY_CODE } from '../../../shared/constants.ts';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages.ts';
import { FIELD_MESSAGES } from '../../../shared/messages-identity.ts';
import { GuideSection } from './GuideSection.tsx';
import { Example } from './Example.tsx';

export function TextFieldsSection({ id, title }: { id: string; title: string }) {
  const [phone, setPhone] = useState('');
  return (
    <GuideSection id={id} title={title}>
      <Example title="Texto">
        <TextField label="Nombre" name="firstName" autoComplete="given-name" />
        <TextField
          label="Email"
          name="emailAddress"
          type="email"
          autoComplete="email"
          description="Te enviaremos aquí tu contrato."
        />
      </Example>
      <Example title="Con error y desactivado">
        <TextField
          label="Apellidos"
          name="lastName"
          defaultValue="García 2"
          errorMessage={FIELD_MESSAGES.spanishAlphabet}
        />
        <TextField label="DNI/NIE" name="nationalID" errorMessage={VALIDATION_MESSAGES.required} isRequired />
        <TextField label="Código postal" name="postcode" defaultValue="28001" isDisabled />
      </Example>
      <Example title="Teléfono y contraseña">
        <TextField
          label="Teléfono móvil"
          name="mobilePhone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          prefix={COUNTRY_CODE}
          value={phone}
          onChange={(value) => setPhone(value.replace(/\D/g, '').slice(0, 9))}
        />
        <PasswordField label="Contraseña" name="password" />
        <PasswordField
          label="Nueva contraseña"
          name="newPassword"
          autoComplete="new-password"
          errorMessage={FIELD_MESSAGES.passwordLength}
          defaultValue="12"
        />
      </Example>
    </GuideSection>
  );
}
