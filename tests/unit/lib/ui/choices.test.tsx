import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkbox } from '../../../../src/lib/ui/Checkbox.tsx';
import { Select } from '../../../../src/lib/ui/Select.tsx';
import { Slider } from '../../../../src/lib/ui/Slider.tsx';
import { Switch } from '../../../../src/lib/ui/Switch.tsx';

afterEach(cleanup);

describe('Select', () => {
  const options = [
    { value: 'fullTimeEmployed', label: 'Empleado a tiempo completo' },
    { value: 'selfEmployed', label: 'Autónomo' },
    { value: 'retired', label: 'Jubilado', isDisabled: true },
  ];

  it('shows the placeholder, then the chosen option, and reports its value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Select label="Situación laboral" name="employmentStatus" options={options} onChange={onChange} />);
    const trigger = screen.getByRole('button', { name: /Situación laboral/ });
    expect(trigger).toHaveTextContent('Selecciona una opción');

    await user.click(trigger);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Jubilado' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(listbox).getByRole('option', { name: 'Autónomo' }));

    expect(onChange).toHaveBeenCalledWith('selfEmployed');
    expect(trigger).toHaveTextContent('Autónomo');
    expect(document.querySelector('select[name="employmentStatus"]')).toHaveValue('selfEmployed');
  });

  it('shows its error message', () => {
    render(<Select label="Situación laboral" options={options} value={null} errorMessage="Campo obligatorio" />);
    expect(screen.getByText('Campo obligatorio')).toBeInTheDocument();
  });
});

describe('Slider', () => {
  it('shows its value in an output in es-ES format and moves by its step with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Slider
        label="Importe"
        name="amount"
        minValue={2000}
        maxValue={5000}
        step={500}
        defaultValue={2500}
        onChange={onChange}
        formatOptions={{ style: 'currency', currency: 'EUR', maximumFractionDigits: 0, useGrouping: 'always' }}
      />,
    );
    const thumb = screen.getByRole('slider', { name: 'Importe' });
    expect(screen.getByRole('status')).toHaveTextContent(/^2\.500\s€$/);
    expect(thumb).toHaveAttribute('aria-valuetext', expect.stringMatching(/^2\.500\s€$/));

    await user.tab();
    expect(thumb).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(3000);
    expect(screen.getByRole('status')).toHaveTextContent(/^3\.000\s€$/);
    expect(thumb).toHaveAttribute('name', 'amount');
  });
});

describe('Checkbox and Switch', () => {
  it('a checkbox toggles with its label and carries its name and error', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Checkbox name="acceptPolicy" onChange={onChange} errorMessage="Campo obligatorio">
        Acepto la política de privacidad
      </Checkbox>,
    );
    const box = screen.getByRole('checkbox', { name: 'Acepto la política de privacidad' });
    expect(box).toHaveAttribute('name', 'acceptPolicy');
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription('Campo obligatorio');
    await user.click(screen.getByText('Acepto la política de privacidad'));
    expect(box).toBeChecked();
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('the Recordatorios de pago switch turns on and off', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Switch name="paymentReminders" onChange={onChange} description="Te avisaremos antes de cada cuota">
        Recordatorios de pago
      </Switch>,
    );
    const toggle = screen.getByRole('switch', { name: 'Recordatorios de pago' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Te avisaremos antes de cada cuota');
    await user.click(toggle);
    expect(toggle).toBeChecked();
    await user.keyboard(' ');
    expect(toggle).not.toBeChecked();
    expect(onChange.mock.calls).toEqual([[true], [false]]);
  });
});
