import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffMember } from '../../../src/shared/api/staff.ts';
import {
  DEFAULT_LOAN_DEFINITION,
  loanDefinitionToWire,
  MINI_LOAN_DEFINITION,
} from '../../../src/shared/loan/loan-definition.ts';
import { agent, answer, ok, renderAt, requests, staffError, storedSession, type Answer } from './harness.tsx';

/**
 * `/productos` (docs/backoffice.md §8 P3): each product's versions with price, TAE, date, state and loans; 'Nuevo
 * precio' sends the next version with the rate typed in Spanish and the reason; 'Corregir' only on a planned version
 * without loans; the list read again after each.
 */

const installment = (overrides: Record<string, unknown> = {}) => ({
  definition: loanDefinitionToWire(DEFAULT_LOAN_DEFINITION),
  validFrom: '2026-01-01T00:00:00Z',
  state: 'inForce',
  representativeTae: 97.2,
  loans: 120,
  ...overrides,
});
const planned = {
  definition: { ...loanDefinitionToWire(MINI_LOAN_DEFINITION), id: 7, version: 2, dailyRateBasisPoints: 60 },
  validFrom: '2026-04-01T00:00:00Z',
  state: 'planned',
  representativeTae: 850.3,
  loans: 0,
};
const mini = {
  ...installment(),
  definition: loanDefinitionToWire(MINI_LOAN_DEFINITION),
  representativeTae: 1181.6,
  loans: 30,
};

function serveProducts(me: StaffMember, write: () => Answer = () => ok(installment())) {
  answer(({ method, path }) => {
    if (path === '/api/membership/staff/me') return ok(me);
    if (path === '/api/loan/getAllLoanDefinitions') return ok([installment(), planned, mini]);
    if (method !== 'GET' && path.startsWith('/api/loan/loanDefinition')) return write();
    return staffError('StaffCustomerNotFound');
  });
}

const rowOf = (table: HTMLElement, version: string) =>
  within(table).getByRole('rowheader', { name: version }).closest('tr')!;

describe('‘Productos y precios’', () => {
  it('lists each product’s versions: price, representative TAE, state, loans; a planned one may be corrected', async () => {
    storedSession();
    serveProducts(agent);
    await renderAt('/backoffice/productos');
    const installments = await screen.findByRole('table', { name: 'Versiones de Préstamo a plazos' });
    const cells = within(rowOf(installments, '1')).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Préstamo a plazos mensual',
      '6,11 % al mes',
      '97,2 %',
      expect.stringMatching(/^01\/01\/2026/),
      'En vigor',
      '120',
      '',
    ]);
    const minis = screen.getByRole('table', { name: 'Versiones de Minipréstamo' });
    expect(within(rowOf(minis, '2')).getByText('0,6 % al día')).toBeInTheDocument();
    expect(within(rowOf(minis, '2')).getByText('Programada')).toBeInTheDocument();
    expect(within(rowOf(minis, '2')).getByRole('button', { name: 'Corregir' })).toBeInTheDocument();
    expect(within(rowOf(minis, '1')).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Productos' })).toHaveAttribute('aria-current', 'page');
  });

  it('‘Nuevo precio’ sends the next version from now with the rate typed with a comma and the reason', async () => {
    storedSession();
    serveProducts(agent, () =>
      ok(installment({ definition: { ...loanDefinitionToWire(DEFAULT_LOAN_DEFINITION), version: 2 } })),
    );
    await renderAt('/backoffice/productos');
    const section = await screen.findByRole('region', { name: 'Préstamo a plazos' });
    await userEvent.click(within(section).getByRole('button', { name: 'Nuevo precio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo precio de Préstamo a plazos' });
    const rate = within(dialog).getByLabelText('Tipo mensual (%)');
    expect(rate).toHaveValue('6,11');
    await userEvent.clear(rate);
    await userEvent.type(rate, '5,5');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Campaña de primavera');
    const reads = requests.filter(({ path }) => path === '/api/loan/getAllLoanDefinitions').length;
    const before = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear la versión' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = requests.find(({ method }) => method === 'POST');
    expect(sent).toMatchObject({
      path: '/api/loan/loanDefinition',
      body: {
        product: 'installment',
        name: 'Préstamo a plazos mensual',
        ratePercent: 5.5,
        reason: 'Campaña de primavera',
      },
    });
    expect(new Date((sent!.body as { validFrom: string }).validFrom).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await screen.findByText('Versión 2 de Préstamo a plazos creada.')).toHaveAttribute('role', 'status');
    await waitFor(() =>
      expect(requests.filter(({ path }) => path === '/api/loan/getAllLoanDefinitions').length).toBe(reads + 1),
    );
  });

  it('shows the server’s refusal of a rate above the ceiling in the dialog', async () => {
    storedSession();
    serveProducts(agent, () => staffError('DefinitionRateTooHigh'));
    await renderAt('/backoffice/productos');
    const section = await screen.findByRole('region', { name: 'Préstamo a plazos' });
    await userEvent.click(within(section).getByRole('button', { name: 'Nuevo precio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo precio de Préstamo a plazos' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Prueba');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear la versión' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Revisa la coma decimal');
  });
});
