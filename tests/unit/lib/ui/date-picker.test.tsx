import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatePicker } from '../../../../src/lib/ui/DatePicker.tsx';
import { todayInMadrid } from '../../../../src/shared/madrid-today.ts';

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

  it('cannot be typed into: the input is read-only and shows the date as dd/mm/yyyy', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = render(
      <DatePicker label="Fecha de nacimiento" name="birthDate" value="1990-05-20" onChange={onChange} />,
    );
    const input = screen.getByRole('textbox', { name: 'Fecha de nacimiento' });
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveValue('20/05/1990');
    expect(container.querySelector('input[type="hidden"][name="birthDate"]')).toHaveValue('1990-05-20');
    await user.type(input, '{Backspace}07');
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveValue('20/05/1990');
    // A press on the input opens the calendar too.
    await user.click(input);
    expect(await screen.findByRole('grid')).toBeInTheDocument();
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

  it('names months and days in Spanish and marks the chosen day selected', async () => {
    const user = userEvent.setup();
    render(<DatePicker label="Fecha de pago" value="2025-06-18" />);
    const grid = await openCalendar(user);
    expect(grid).toHaveAccessibleName('junio de 2025');
    expect(screen.getByRole('heading', { name: 'junio de 2025' })).toBeInTheDocument();
    const chosen = within(grid).getByRole('button', { name: 'miércoles, 18 de junio de 2025 seleccionado' });
    expect(chosen).toHaveFocus();
    expect(chosen.closest('td')).toHaveAttribute('aria-selected', 'true');
    expect(within(grid).getByRole('button', { name: 'jueves, 19 de junio de 2025' }).closest('td')).not.toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('button', { name: /Elegir fecha/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves by day, week, month (Home/End: its first and last day) and year with the keyboard and picks with Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DatePicker label="Fecha de pago" value="2025-06-18" onChange={onChange} />);
    await openCalendar(user);
    const focusedDay = () => (document.activeElement as HTMLElement).getAttribute('aria-label');
    await user.keyboard('{ArrowRight}');
    expect(focusedDay()).toContain('jueves, 19 de junio de 2025');
    await user.keyboard('{ArrowDown}');
    expect(focusedDay()).toContain('jueves, 26 de junio de 2025');
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(focusedDay()).toContain('miércoles, 18 de junio de 2025');
    await user.keyboard('{Home}');
    expect(focusedDay()).toContain('domingo, 1 de junio de 2025');
    await user.keyboard('{End}');
    expect(focusedDay()).toContain('lunes, 30 de junio de 2025');
    await user.keyboard('{ArrowLeft>8/}');
    expect(focusedDay()).toContain('domingo, 22 de junio de 2025');
    await user.keyboard('{PageDown}');
    expect(focusedDay()).toContain('martes, 22 de julio de 2025');
    expect(screen.getByRole('grid')).toHaveAccessibleName('julio de 2025');
    await user.keyboard('{PageUp}{PageUp}');
    expect(focusedDay()).toContain('jueves, 22 de mayo de 2025');
    await user.keyboard('{Shift>}{PageDown}{/Shift}');
    expect(focusedDay()).toContain('viernes, 22 de mayo de 2026');
    await user.keyboard('{Shift>}{PageUp}{/Shift}{ArrowDown}');
    expect(focusedDay()).toContain('jueves, 29 de mayo de 2025');
    // Into the next month by arrow: the grid follows.
    await user.keyboard('{ArrowDown}');
    expect(focusedDay()).toContain('jueves, 5 de junio de 2025');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('2025-06-05');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    // The focus goes back to the button that opened the calendar.
    expect(screen.getByRole('button', { name: /Elegir fecha/ })).toHaveFocus();
  });

  it('keeps the focus within min and max and cannot pick an unavailable day with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DatePicker
        label="Fecha de pago"
        value="2025-06-12"
        onChange={onChange}
        min="2025-06-10"
        max="2025-06-20"
        isDateUnavailable={isWeekend}
      />,
    );
    await openCalendar(user);
    const focusedDay = () => (document.activeElement as HTMLElement).getAttribute('aria-label');
    await user.keyboard('{ArrowUp}');
    expect(focusedDay()).toContain('martes, 10 de junio de 2025');
    await user.keyboard('{PageDown}');
    expect(focusedDay()).toContain('viernes, 20 de junio de 2025');
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeDisabled();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    // 14 June 2025 is a Saturday: focusable (announced as not selectable) but not pickable.
    expect(focusedDay()).toContain('sábado, 14 de junio de 2025');
    expect(document.activeElement).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement?.closest('td')).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}{ }');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('grid')).toBeInTheDocument();
  });

  it('closes with Escape, and with a press outside, without changing the value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <DatePicker label="Fecha de pago" value="2025-06-18" onChange={onChange} />
        <button type="button">Fuera</button>
      </>,
    );
    await openCalendar(user);
    await user.keyboard('{ArrowRight}{Escape}');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Elegir fecha/ })).toHaveFocus();
    await openCalendar(user);
    await user.click(screen.getByRole('button', { name: 'Fuera' }));
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('month buttons show the neighbouring months; an uncontrolled field keeps what was picked', async () => {
    const user = userEvent.setup();
    render(<DatePicker label="Fecha de pago" defaultValue="2025-01-31" name="day" />);
    await openCalendar(user);
    await user.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    expect(screen.getByRole('grid')).toHaveAccessibleName('febrero de 2025');
    await user.click(screen.getByRole('button', { name: 'Mes anterior' }));
    await user.click(screen.getByRole('button', { name: 'Mes anterior' }));
    expect(screen.getByRole('grid')).toHaveAccessibleName('diciembre de 2024');
    await user.click(within(screen.getByRole('grid')).getByRole('button', { name: /, 24 de diciembre de 2024/ }));
    expect(screen.getByRole('textbox', { name: 'Fecha de pago' })).toHaveValue('24/12/2024');
  });

  it('is announced in Spanish: the dialog by the field label, the grid by its month, today, the chosen and the first selectable day', async () => {
    const user = userEvent.setup();
    const today = todayInMadrid();
    render(<DatePicker label="Fecha de pago" value={today} min={today} />);
    const grid = await openCalendar(user);
    expect(screen.getByRole('dialog', { name: 'Fecha de pago' })).toContainElement(grid);
    expect(grid.getAttribute('aria-label')).toMatch(/^\p{Ll}+ de \d{4}$/u);
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeDisabled();
    const chosen = document.activeElement as HTMLElement;
    // 'Hoy' by the device's time zone (React Aria's), which may differ from Madrid's around midnight.
    expect(chosen.getAttribute('aria-label')).toMatch(
      /^(Hoy, )?\p{Ll}+, \d{1,2} de \p{Ll}+ de \d{4} seleccionado, Primera fecha disponible$/u,
    );
    // Arrow keys move the focus through the grid's day buttons.
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).not.toBe(chosen);
    expect(within(grid).getAllByRole('button')).toContain(document.activeElement);
  });

  it('a disabled field does not open', async () => {
    const user = userEvent.setup();
    render(<DatePicker label="Fecha de emisión" value="2025-06-18" isDisabled />);
    expect(screen.getByRole('button', { name: /Elegir fecha/ })).toBeDisabled();
    await user.click(screen.getByRole('textbox', { name: 'Fecha de emisión' }));
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });
});
