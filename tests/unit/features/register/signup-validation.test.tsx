import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { addDaysIso, addYearsIso } from '../../../../src/shared/dates.ts';
import { birthDateBounds } from '../../../../src/shared/validators/birth-date.ts';
import { json, startTestServer, type TestServer } from '../../lib/api/test-server.ts';
import {
  configureTestApi,
  freshStore,
  renderRegister,
  spyOnScrollIntoView,
  storeSignup,
  validStoredSignup,
} from './register-harness.tsx';

/** The signup form's rules (first document §2, §5), as a customer meets them. Nothing reaches the server. */

const SIGNUP_URL = '/registro/datos-personales?skipPhoneCheck=true';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  closeAllDialogs();
});
beforeEach(() => {
  server.requests = [];
  server.handler = (_request, response) => json(response, 500, { errors: [] });
  configureTestApi(server);
});

const submit = () => screen.getByRole('button', { name: 'Crear mi cuenta' });
const textbox = (name: RegExp) => screen.getByRole('textbox', { name });

describe('signup form: an empty submit', () => {
  it('shows the Spanish message of every required field and sends nothing', async () => {
    spyOnScrollIntoView();
    const user = userEvent.setup();
    await renderRegister(await freshStore(), SIGNUP_URL);
    await user.click(submit());

    await waitFor(() => expect(textbox(/^Nombre/)).toHaveAccessibleDescription('Campo obligatorio'));
    expect(textbox(/^Apellidos/)).toHaveAccessibleDescription(/Campo obligatorio/);
    expect(textbox(/^DNI\/NIE/)).toHaveAccessibleDescription(/Campo obligatorio/);
    expect(textbox(/^Email/)).toHaveAccessibleDescription('Campo obligatorio');
    expect(textbox(/^Teléfono móvil/)).toHaveAccessibleDescription(/Campo obligatorio/);
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAccessibleDescription(/Campo obligatorio/);
    expect(screen.getByLabelText(/^Repite la contraseña/)).toHaveAccessibleDescription('Campo obligatorio');
    expect(screen.getByRole('checkbox', { name: /He leído y acepto/ })).toHaveAccessibleDescription(
      'Campo obligatorio',
    );
    // The date picker and the two selects show theirs under the field.
    for (const group of ['Fecha de nacimiento', 'Situación laboral', 'Ingresos mensuales netos']) {
      const label = screen.getAllByText(group)[0];
      const field = label?.closest('.ui-field');
      expect(field, group).not.toBeNull();
      expect(within(field as HTMLElement).getByText('Campo obligatorio')).toBeInTheDocument();
    }
    expect(screen.getAllByText('Campo obligatorio')).toHaveLength(11);
    expect(server.requests).toHaveLength(0);
  });

  it('scrolls to and focuses the first field with an error', async () => {
    const scrolled = spyOnScrollIntoView();
    const user = userEvent.setup();
    const store = await freshStore();
    // Names filled in: the first field in error is the national ID.
    await storeSignup(store, { firstName: 'Lucía', lastName: 'Fernández' });
    await renderRegister(store, SIGNUP_URL);
    await user.click(submit());

    await waitFor(() => expect(textbox(/^DNI\/NIE/)).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(textbox(/^DNI\/NIE/).closest('.ui-field'));
  });

  it('errors show only after a failed submit or once the field was left (touched)', async () => {
    const user = userEvent.setup();
    await renderRegister(await freshStore(), SIGNUP_URL);
    expect(screen.queryByText('Campo obligatorio')).not.toBeInTheDocument();
    await user.click(textbox(/^Nombre/));
    await user.tab();
    await waitFor(() => expect(textbox(/^Nombre/)).toHaveAccessibleDescription('Campo obligatorio'));
    expect(screen.getAllByText('Campo obligatorio')).toHaveLength(1);
  });
});

describe('signup form: field rules', () => {
  it('refuses names with characters outside the Spanish alphabet', async () => {
    const user = userEvent.setup();
    await renderRegister(await freshStore(), SIGNUP_URL);
    await user.type(textbox(/^Nombre/), 'Lucía3');
    await user.tab();
    await waitFor(() =>
      expect(textbox(/^Nombre/)).toHaveAccessibleDescription('Solo se permiten caracteres del alfabeto español.'),
    );
  });

  it('refuses a DNI whose check letter is wrong, and accepts the right letter', async () => {
    const user = userEvent.setup();
    await renderRegister(await freshStore(), SIGNUP_URL);
    const dni = textbox(/^DNI\/NIE/);
    await user.type(dni, '12345678A');
    await user.tab();
    await waitFor(() => expect(dni).toHaveAccessibleDescription(/Por favor, introduce un DNI\/NIE válido\./));
    await user.clear(dni);
    await user.type(dni, '12345678z');
    await waitFor(() => expect(dni).not.toHaveAccessibleDescription(/válido/));
    expect(dni).not.toHaveAttribute('aria-invalid');
  });

  it("offers the corrected e-mail for a misspelt domain, 'Usar …' takes it", async () => {
    const user = userEvent.setup();
    await renderRegister(await freshStore(), SIGNUP_URL);
    const email = textbox(/^Email/);
    await user.type(email, 'lucia@gmial.com');
    await user.tab();
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Email no válido (Quizás quisiste decir: lucia@gmail.com)'),
    );
    await user.click(screen.getByRole('button', { name: 'Usar lucia@gmail.com' }));
    expect(email).toHaveValue('lucia@gmail.com');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
  });

  it('consecutive dots are stripped and offered as the suggestion', async () => {
    const user = userEvent.setup();
    await renderRegister(await freshStore(), SIGNUP_URL);
    const email = textbox(/^Email/);
    await user.type(email, 'lucia..fernandez@gmail.com');
    await user.tab();
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Email no válido (Quizás quisiste decir: lucia.fernandez@gmail.com)'),
    );
  });

  it('an address the customer confirms as typed is no longer refused for the suggestion', async () => {
    const user = userEvent.setup();
    await renderRegister(await freshStore(), SIGNUP_URL);
    const email = textbox(/^Email/);
    await user.type(email, 'lucia@hotmial.es');
    await user.tab();
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Quizás quisiste decir/));
    await user.click(screen.getByRole('button', { name: 'Mi email es correcto' }));
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
    expect(email).toHaveValue('lucia@hotmial.es');
  });

  it('refuses a birth date under 18 or over 75 years ago (kept values are checked on submit)', async () => {
    const { earliest, latest } = birthDateBounds();
    const user = userEvent.setup();
    const store = await freshStore();
    await storeSignup(store, validStoredSignup({ birthDate: addYearsIso(latest, 1) }));
    const view = await renderRegister(store, SIGNUP_URL);
    await user.click(submit());
    expect(await screen.findByText('Debes tener al menos 18 años.')).toBeInTheDocument();
    view.unmount();

    await storeSignup(store, validStoredSignup({ birthDate: addYearsIso(earliest, -1) }));
    await renderRegister(store, SIGNUP_URL);
    await user.click(submit());
    const oldest = earliest.split('-').reverse().join('/');
    expect(await screen.findByText(`Tu fecha de nacimiento no puede ser anterior al ${oldest}.`)).toBeInTheDocument();
  });

  it('the birth-date picker is pick-only and offers only dates between 75 and 18 years ago', async () => {
    const { latest } = birthDateBounds();
    const user = userEvent.setup();
    await renderRegister(await freshStore(), SIGNUP_URL);
    expect(screen.getByRole('textbox', { name: /Fecha de nacimiento/ })).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: /Elegir fecha/ }));
    const grid = await screen.findByRole('grid');
    // The calendar opens on the month of the latest allowed date (18 years ago today): that day can be picked,
    // the next one cannot.
    const dayName = (iso: string) => {
      const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
      const monthName = new Intl.DateTimeFormat('es-ES', { month: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(year, month - 1, 15)),
      );
      return new RegExp(`\\b${day} de ${monthName} de ${year}`);
    };
    const lastAllowed = within(grid).getByRole('button', { name: dayName(latest) });
    expect(lastAllowed).not.toHaveAttribute('aria-disabled');
    const dayAfter = addDaysIso(latest, 1);
    if (dayAfter.slice(0, 7) === latest.slice(0, 7)) {
      expect(within(grid).getByRole('button', { name: dayName(dayAfter) })).toHaveAttribute('aria-disabled', 'true');
    }
  });

  it('companyName (Nombre del empleador) appears and is required only for fullTimeEmployed', async () => {
    const user = userEvent.setup();
    await renderRegister(await freshStore(), SIGNUP_URL);
    expect(screen.queryByRole('textbox', { name: /Nombre del empleador/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Situación laboral/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Estudiante' }));
    expect(screen.queryByRole('textbox', { name: /Nombre del empleador/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Situación laboral/ }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Empleado/a a tiempo completo' }),
    );
    const company = await screen.findByRole('textbox', { name: /Nombre del empleador/ });
    expect(company).toHaveAttribute('name', 'companyName');
    await user.click(submit());
    await waitFor(() => expect(company).toHaveAccessibleDescription('Campo obligatorio'));
  });

  it('offers the nine employment statuses and the eight income options in Spanish', async () => {
    const user = userEvent.setup();
    await renderRegister(await freshStore(), SIGNUP_URL);
    await user.click(screen.getByRole('button', { name: /Situación laboral/ }));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(9);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /Ingresos mensuales netos/ }));
    const incomes = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(incomes).toEqual([
      'Sin ingresos',
      'Hasta 500\u00a0€',
      'Hasta 1.000\u00a0€',
      'Hasta 1.500\u00a0€',
      'Hasta 2.000\u00a0€',
      'Hasta 2.500\u00a0€',
      'Hasta 3.000\u00a0€',
      'Más de 3.000\u00a0€',
    ]);
  });

  it('passwords: 4 to 20 characters, the two must match, with a show/hide toggle', async () => {
    const user = userEvent.setup();
    await renderRegister(await freshStore(), SIGNUP_URL);
    const password = screen.getByLabelText(/^Contraseña/);
    const password2 = screen.getByLabelText(/^Repite la contraseña/);
    expect(password).toHaveAttribute('type', 'password');
    await user.type(password, '123');
    await user.tab();
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(/Tu contraseña debe tener entre 4 y 20 caracteres de longitud\./),
    );
    await user.type(password, '4');
    await user.type(password2, '1235');
    await user.click(submit());
    await waitFor(() => expect(password2).toHaveAccessibleDescription('Los campos no coinciden'));
    await user.click(screen.getAllByRole('button', { name: 'Mostrar contraseña' })[0] as HTMLElement);
    expect(password).toHaveAttribute('type', 'text');
  });
});

describe("signup form: consent boxes and 'ACEPTAR TODO'", () => {
  it("'ACEPTAR TODO' ticks both boxes, and unticks both; one box ticked shows it as mixed", async () => {
    const user = userEvent.setup();
    await renderRegister(await freshStore(), SIGNUP_URL);
    const all = screen.getByRole('checkbox', { name: 'ACEPTAR TODO' });
    const policy = screen.getByRole('checkbox', { name: /He leído y acepto/ });
    const marketing = screen.getByRole('checkbox', { name: /Quiero recibir ofertas/ });

    await user.click(all);
    expect(policy).toBeChecked();
    expect(marketing).toBeChecked();
    expect(all).toBeChecked();

    await user.click(marketing);
    expect(all).toBePartiallyChecked();
    expect(policy).toBeChecked();

    await user.click(all);
    expect(policy).toBeChecked();
    expect(marketing).toBeChecked();
    await user.click(all);
    expect(policy).not.toBeChecked();
    expect(marketing).not.toBeChecked();
    expect(policy).toHaveAttribute('name', 'acceptPolicy');
    expect(marketing).toHaveAttribute('name', 'acceptAgreement');
  });
});
