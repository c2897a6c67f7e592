import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatePicker } from '../../../../src/lib/ui/DatePicker.tsx';

afterEach(cleanup);

const isWeekend = (iso: string) => [0, 6].includes(new Date(`${iso}T12:00:00Z`).getUTCDay());

async function openCalendar(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Elegir fecha/ }));
  return screen.findByRole('grid');
}

describe('DatePicker', () => {
  it('shows weeks starting on Monday in es-ES', async () => {
    const user = userEvent.setup();
    render(<DatePicker label="Fecha de pago" value="2025-06-15" />);
    const grid = await openCalendar(user);

    const weekdays = within(grid)
      .getAllByRole('columnheader', { hidden: true })
      .map((header) => header.textContent);
    expect(weekdays[0]).toMatch(/^lun/i);
    expect(weekdays[6]).toMatch(/^dom/i);

    // 1 June 2025 is a Sunday: the last column of the first week.
    const firstWeek = within(grid).getAllByRole('row')[0];
    if (!firstWeek) throw new Error('the grid has no first week');
    const days = within(firstWeek).getAllByRole('gridcell');
    expect(days).toHaveLength(7);
    expect(days[6]).toHaveTextContent(/^1$/);
    expect(days[0]?.firstElementChild).toHaveAttribute('data-outside-month', 'true');
    expect(days[0]).toHaveTextContent(/^26$/);
  });

  it('cannot be typed into: the date segments are read-only', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DatePicker label="Fecha de nacimiento" name="birthDate" value="1990-05-20" onChange={onChange} />);
    const segments = within(screen.getByRole('group', { name: /Fecha de nacimiento/ })).getAllByRole('spinbutton');
    expect(segments.length).toBe(3);
    for (const segment of segments) {
      expect(segment).toHaveAttribute('aria-readonly', 'true');
      expect(segment).not.toHaveAttribute('contenteditable', 'true');
    }
    const [day] = segments;
    if (!day) throw new Error('no day segment');
    await user.click(day);
    await user.keyboard('{Backspace}07{ArrowUp}');
    expect(onChange).not.toHaveBeenCalled();
    expect(day).toHaveTextContent('20');
  });

  it('passes the picked day out as an ISO date and carries the field name', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    function Controlled() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <DatePicker
          label="Fecha de pago"
          name="firstRepaymentDate"
          value={value}
          placeholderValue="2025-06-01"
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      );
    }
    const { container } = render(<Controlled />);
    const grid = await openCalendar(user);
    await user.click(within(grid).getByRole('button', { name: /, 18 de junio de 2025/ }));

    expect(onChange).toHaveBeenCalledWith('2025-06-18');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(container.querySelector('input[name="firstRepaymentDate"]')).toHaveValue('2025-06-18');
  });

  it('does not let the customer pick weekends or days outside min and max', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DatePicker
        label="Fecha de pago"
        value={null}
        onChange={onChange}
        min="2025-06-10"
        max="2025-06-30"
        placeholderValue="2025-06-10"
        isDateUnavailable={isWeekend}
      />,
    );
    const grid = await openCalendar(user);
    const saturday = within(grid).getByRole('button', { name: /, 14 de junio de 2025/ });
    const beforeMin = within(grid).getByRole('button', { name: /, 9 de junio de 2025/ });
    expect(saturday).toHaveAttribute('aria-disabled', 'true');
    expect(beforeMin).toHaveAttribute('aria-disabled', 'true');
    await user.click(saturday);
    await user.click(beforeMin);
    expect(onChange).not.toHaveBeenCalled();

    await user.click(within(grid).getByRole('button', { name: /, 16 de junio de 2025/ }));
    expect(onChange).toHaveBeenCalledWith('2025-06-16');
  });

  it('offers month and year lists for far-away dates', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DatePicker
        label="Fecha de nacimiento"
        value={null}
        onChange={onChange}
        min="1950-01-01"
        max="2007-12-31"
        placeholderValue="1990-01-01"
        withMonthAndYearPickers
      />,
    );
    const grid = await openCalendar(user);
    const dialog = grid.closest('[role="dialog"]');
    if (!(dialog instanceof HTMLElement)) throw new Error('the calendar is not in a dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /año/i }), '1985');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /mes/i }), 'marzo');
    await user.click(within(screen.getByRole('grid')).getByRole('button', { name: /, 3 de marzo de 1985/ }));
    expect(onChange).toHaveBeenCalledWith('1985-03-03');
  });

  it('shows the error message and marks the field invalid', () => {
    render(<DatePicker label="Fecha de pago" value={null} errorMessage="Campo obligatorio" />);
    expect(screen.getByText('Campo obligatorio')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Fecha de pago/ })).toHaveAttribute('data-invalid', 'true');
  });
});
