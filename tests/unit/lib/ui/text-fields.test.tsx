import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTRY_CODE } from '../../../../src/shared/constants.ts';
import { PasswordField } from '../../../../src/lib/ui/PasswordField.tsx';
import { TextField } from '../../../../src/lib/ui/TextField.tsx';

afterEach(cleanup);

describe('TextField', () => {
  it('binds its label, passes the spec field name through and reports typing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TextField label="Nombre" name="firstName" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Nombre' });
    expect(input).toHaveAttribute('name', 'firstName');
    await user.type(input, 'Ana');
    expect(onChange).toHaveBeenLastCalledWith('Ana');
  });

  it('shows the +34 prefix before a phone input and links it to the input', () => {
    render(<TextField label="Teléfono móvil" name="mobilePhone" type="tel" prefix={COUNTRY_CODE} />);
    const input = screen.getByRole('textbox', { name: 'Teléfono móvil' });
    const prefix = screen.getByText('+34');
    expect(prefix).toBeVisible();
    expect(input).toHaveAccessibleDescription(expect.stringContaining('+34'));
    expect(prefix.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('marks the input invalid and describes it with the error message', () => {
    render(
      <TextField label="Email" name="emailAddress" description="Te escribiremos aquí" errorMessage="Email no válido" />,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Email no válido'));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Te escribiremos aquí'));
  });

  it('is valid and shows no error without an error message', () => {
    render(<TextField label="Email" name="emailAddress" />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeValid();
    expect(screen.queryByText('Email no válido')).not.toBeInTheDocument();
  });
});

describe('PasswordField', () => {
  it('the toggle shows and hides the password and switches its Spanish label', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Contraseña" name="password" />);
    const input = screen.getByLabelText('Contraseña', { selector: 'input' });
    await user.type(input, '1234');
    expect(input).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('1234');
    expect(screen.queryByRole('button', { name: 'Mostrar contraseña' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Mostrar contraseña' })).toBeInTheDocument();
  });

  it('keeps a controlled value while toggling', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState('secreto');
      return <PasswordField label="PIN" name="pin" value={value} onChange={setValue} />;
    }
    render(<Controlled />);
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(screen.getByRole('textbox', { name: 'PIN' })).toHaveValue('secreto');
  });
});
