import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormSelect } from '../../../../src/lib/ui/FormSelect.tsx';

afterEach(cleanup);

const REQUIRED = 'Elige una opción';
const schema = z.object({ province: z.string().min(1, REQUIRED) });
const options = [
  { value: '28', label: 'Madrid' },
  { value: '08', label: 'Barcelona' },
];

function ProvinceForm({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const { control, handleSubmit } = useForm<{ province: string }>({
    resolver: zodResolver(schema),
    defaultValues: { province: '' },
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <FormSelect control={control} name="province" label="Provincia" options={options} />
      <button type="submit">Guardar</button>
    </form>
  );
}

describe('FormSelect', () => {
  it("nothing chosen: the form's required message on the field, which gets the focus", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<ProvinceForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(await screen.findByText(REQUIRED)).toBeVisible();
    expect(screen.getByRole('button', { name: /Provincia/ })).toHaveFocus();
  });

  it('the chosen option is the value the form submits', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<ProvinceForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: /Provincia/ }));
    await user.click(await screen.findByRole('option', { name: 'Barcelona' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onValid).toHaveBeenCalledWith({ province: '08' }, expect.anything());
    expect(screen.queryByText(REQUIRED)).toBeNull();
  });
});
