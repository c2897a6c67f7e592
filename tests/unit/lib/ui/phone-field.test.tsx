import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PHONE_INPUT_MAX_LENGTH, PhoneField } from '../../../../src/lib/ui/PhoneField.tsx';
import { mobilePhoneSchema } from '../../../../src/shared/validators/phone.ts';

afterEach(cleanup);

const schema = z.object({ mobilePhone: mobilePhoneSchema });

function PhoneForm({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const { control, handleSubmit } = useForm<{ mobilePhone: string }, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { mobilePhone: '' },
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <PhoneField control={control} name="mobilePhone" label="Teléfono móvil" />
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('PhoneField', () => {
  it('is a required +34 phone input under the form field name, with the phone keyboard and autofill', () => {
    render(<PhoneForm onValid={() => undefined} />);
    const input = screen.getByRole('textbox', { name: /Teléfono móvil/ });
    expect(input).toHaveAttribute('name', 'mobilePhone');
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('inputmode', 'tel');
    expect(input).toHaveAttribute('autocomplete', 'tel-national');
    expect(input).toHaveAttribute('maxlength', String(PHONE_INPUT_MAX_LENGTH));
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription(expect.stringContaining('+34'));
  });

  it('shows the rule’s Spanish message on a bad number and hands a good one, normalised, to the form', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<PhoneForm onValid={onValid} />);
    const input = screen.getByRole('textbox', { name: /Teléfono móvil/ });
    await user.type(input, '912345678');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(input).toBeInvalid();
    expect(onValid).not.toHaveBeenCalled();
    expect(input).toHaveAccessibleDescription(expect.stringMatching(/\S/));

    await user.clear(input);
    await user.type(input, '+34 600 00 00 01');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onValid).toHaveBeenCalledWith({ mobilePhone: '600000001' }, expect.anything());
    expect(input).toBeValid();
  });
});
