import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cellsOf, collectionCompanySession, pageOf, serve } from './customer-file-harness.ts';
import { location, ok, renderAt, requests, storedSession } from './harness.tsx';

/**
 * The customer file's 'Comunicaciones' tab: the contacts (`StaffCommunicationGet`) and the communication permissions
 * with their history (`StaffPermissionsGet`, paged).
 */

const contacts = {
  customerId: 5,
  phone: '600000005',
  email: 'mariajose.rodriguez@example.com',
  address: {
    street: 'Calle Mayor',
    streetNumber: '12',
    floor: '3º B',
    postcode: '28013',
    city: 'Madrid',
    province: 'Madrid',
  },
};
const change = (createdDate: string, values: [boolean, boolean, boolean], source: string, changedBy: string) => ({
  createdDate,
  allowEmail: values[0],
  allowSms: values[1],
  allow3CxCalls: values[2],
  changedBy,
  source,
  campaignId: source === 'unsubscribe' ? 'primavera-2026' : null,
});
const permissions = (stored: boolean) => ({
  ...pageOf(
    stored
      ? [
          change('2026-03-01T12:00:00Z', [false, true, true], 'unsubscribe', 'customer'),
          change('2026-01-15T09:30:00Z', [true, true, true], 'registration', 'customer'),
        ]
      : [],
  ),
  current: { allowEmail: false, allowSms: true, allow3CxCalls: stored, stored },
  lastChoiceDate: stored ? '2026-03-01T12:00:00Z' : null,
});

function serveCommunications(stored: boolean) {
  serve((path) => {
    if (path === '/api/customer/communication/5') return ok(contacts);
    if (path.startsWith('/api/communication/permissionHistory/5')) return ok(permissions(stored));
    return null;
  });
}

const valueIn = (list: HTMLElement, term: string) => within(list).getByText(term).nextElementSibling?.textContent;

describe('the customer file’s ‘Comunicaciones’ tab', () => {
  it('shows the contacts, the permission of each channel and each change with its source and date, in Spanish', async () => {
    storedSession();
    serveCommunications(true);
    await renderAt('/backoffice/clientes/5/comunicaciones');
    const table = await screen.findByRole('grid', { name: 'Cambios de los permisos de comunicación' });
    const [contactList, permissionList] = [...screen.getByRole('tabpanel').querySelectorAll('dl')] as HTMLElement[];
    if (!contactList || !permissionList) throw new Error('missing lists');
    expect(valueIn(contactList, 'Teléfono')).toBe('600000005');
    expect(valueIn(contactList, 'E-mail')).toBe('mariajose.rodriguez@example.com');
    expect(valueIn(contactList, 'Dirección')).toBe('Calle Mayor 12, 3º B, 28013 Madrid (Madrid)');
    expect(valueIn(permissionList, 'E-mail')).toBe('No permitido');
    expect(valueIn(permissionList, 'SMS')).toBe('Permitido');
    expect(valueIn(permissionList, 'Llamadas')).toBe('Permitido');
    expect(valueIn(permissionList, 'Última elección del cliente')).toBe('01/03/2026 13:00');
    expect(cellsOf(table)).toEqual([
      [
        '01/03/2026 13:00',
        'No permitido',
        'Permitido',
        'Permitido',
        'Enlace de baja de un e-mail (campaña primavera-2026)',
        'El cliente',
      ],
      ['15/01/2026 10:30', 'Permitido', 'Permitido', 'Permitido', 'Registro', 'El cliente'],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Permisos de comunicación' })).toBeInTheDocument();
    expect(requests.map(({ path }) => path)).toContain('/api/communication/permissionHistory/5?page=1&pageSize=25');
  });

  it('permissions the customer never chose one by one are said to be the sign-up consent', async () => {
    storedSession();
    serveCommunications(false);
    await renderAt('/backoffice/clientes/5/comunicaciones');
    expect(
      await screen.findByText('El cliente nunca los ha elegido uno a uno: valen lo que aceptó en el registro.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Sin cambios de permisos registrados.')).toBeInTheDocument();
    const permissionList = [...screen.getByRole('tabpanel').querySelectorAll('dl')][1] as HTMLElement;
    expect(valueIn(permissionList, 'Última elección del cliente')).toBe('Nunca');
  });

  it('a collection company’s user has no ‘Comunicaciones’ tab, not even by URL', async () => {
    serve(() => null, collectionCompanySession());
    await renderAt('/backoffice/clientes/5/comunicaciones');
    await waitFor(() => expect(location()).toBe('/clientes/5'));
    expect(screen.queryByRole('tab', { name: 'Comunicaciones' })).toBeNull();
    expect(requests.some(({ path }) => /communication\/|permissionHistory/.test(path))).toBe(false);
  });
});
