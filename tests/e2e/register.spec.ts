import { randomUUID } from 'node:crypto';
import { REGISTER_TEXTS } from '../../src/shared/messages-identity.ts';
import { withCookieConsent } from './cookie-consent.ts';
import { expect, test } from './fixtures.ts';
import {
  chooseOption,
  codeFromOutbox,
  expectNoViolations,
  field,
  pickBirthDate,
  randomDni,
  storedValue,
  tick,
  uniqueMobile,
} from './helpers.ts';
import { DEMO, openAs } from './session.ts';

/**
 * Registration as a new customer would do it, in a real browser against the real server (first document §2, §4, §5,
 * §8): phone check, the signup form's Spanish messages, a refused DNI letter, registration, the SMS code read from
 * the sandbox outbox, the address, and the landing on /bank-credentials; a reload in the middle of the signup form;
 * an axe scan of every page on the way. Every run registers its own random phone, so runs never collide.
 */

// ── helpers ──────────────────────────────────────────────────────────────────────────────────────────────────────

// ── tests ────────────────────────────────────────────────────────────────────────────────────────────────────────

test.describe('registration as a new customer', () => {
  // The cookie choice is made beforehand: the consent modal (tested in cookies.spec.ts) would cover every page.
  test.beforeEach(({ context }) => withCookieConsent(context));

  test('phone check, Spanish messages, refused DNI letter, register, SMS code, address, bank credentials', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const phone = uniqueMobile();
    const dni = randomDni();

    // The phone check comes first.
    await page.goto('/registro/datos-personales');
    await expect(page.getByRole('heading', { level: 1, name: 'Crea una cuenta' })).toBeVisible();
    await expectNoViolations(page, 'the phone check');
    await field(page, /Teléfono móvil/).fill(phone);
    await page.getByRole('button', { name: 'Continuar' }).click();

    // The signup form, the phone filled in (and kept in the URL for a reload).
    await expect(page.getByRole('group', { name: 'Tus datos personales' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/registro/datos-personales\\?phone=${phone}$`));
    await expect(field(page, /^Teléfono móvil/)).toHaveValue(phone);

    // An empty submit: each field's Spanish message, and the first field in error has the focus.
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await expect(page.getByText('Campo obligatorio')).toHaveCount(10);
    await expect(field(page, /^Nombre/)).toBeFocused();
    for (const name of [/^Nombre/, /^Apellidos/, /^DNI\/NIE/, /^Email/]) {
      await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, name)).toHaveAccessibleDescription(/Campo obligatorio/);
    }
    await expect(page.getByLabel(/^Contraseña/)).toHaveAccessibleDescription(/Campo obligatorio/);
    await expect(page.getByRole('checkbox', { name: /He leído y acepto/ })).toHaveAccessibleDescription(
      'Campo obligatorio',
    );
    await expectNoViolations(page, 'the signup form with its errors');

    // A wrong DNI check letter is refused; the right one is accepted.
    await field(page, /^Nombre/).fill('Lucía');
    await field(page, /^Apellidos/).fill('Fernández Gómez');
    await field(page, /^DNI\/NIE/).fill(dni.wrongLetter);
    await field(page, /^DNI\/NIE/).blur();
    await expect(field(page, /^DNI\/NIE/)).toHaveAccessibleDescription(/Por favor, introduce un DNI\/NIE válido\./);
    await field(page, /^DNI\/NIE/).fill(dni.valid);
    await expect(field(page, /^DNI\/NIE/)).not.toHaveAttribute('aria-invalid');

    // The e-mail typo suggestion, taken in one press.
    const email = `lucia.${randomUUID().slice(0, 8)}`;
    await field(page, /^Email/).fill(`${email}@gmial.com`);
    await field(page, /^Email/).blur();
    await expect(field(page, /^Email/)).toHaveAccessibleDescription(
      `Email no válido (Quizás quisiste decir: ${email}@gmail.com)`,
    );
    await page.getByRole('button', { name: `Usar ${email}@gmail.com` }).click();
    await expect(field(page, /^Email/)).toHaveValue(`${email}@gmail.com`);

    const year = new Date().getFullYear() - 30;
    await pickBirthDate(page, year, 4, 14);
    await expect(page.locator('input[type="hidden"][name="birthDate"]')).toHaveValue(`${year}-05-14`);

    await chooseOption(page, /Situación laboral/, 'Empleado/a a tiempo completo');
    await field(page, /Nombre del empleador/).fill('Talleres Ibéricos');
    await chooseOption(page, /Ingresos mensuales netos/, 'Hasta 1.500 €');
    await page.getByLabel(/^Contraseña/).fill('Clave2024');
    await page.getByLabel(/^Repite la contraseña/).fill('Clave2024');
    await tick(page, /He leído y acepto/);
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();

    // No marketing consent: '¡Estamos en contacto!' asks; '¡Sí!' registers with it.
    const consent = page.getByRole('alertdialog', { name: REGISTER_TEXTS.marketingConsentTitle });
    await expect(consent).toBeVisible();
    await expectNoViolations(page, 'the marketing consent dialog');
    await consent.getByRole('button', { name: REGISTER_TEXTS.marketingConsentYes }).click();

    // Registered: the OTP page with the hint, the number the SMS went to.
    await expect(page).toHaveURL(/\/otp\?q=[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verifica tu teléfono' })).toBeVisible();
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
    await expect(page.getByText(`al +34 ${spaced}.`, { exact: false })).toBeVisible();
    await expect(page.getByRole('timer')).toContainText('Podrás pedir un nuevo código en');
    await expect(field(page, /Código del SMS/)).toHaveAttribute('autocomplete', 'one-time-code');
    await expectNoViolations(page, 'the OTP page');

    // The change-mobile page, and back without changing.
    await page.getByRole('link', { name: 'Cambiar mi número de teléfono' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cambia tu número de teléfono' })).toBeVisible();
    await expectNoViolations(page, 'the change-mobile page');
    await page.getByRole('link', { name: 'Volver sin cambiar el número' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verifica tu teléfono' })).toBeVisible();

    // The code from the SMS (sandbox outbox) confirms the mobile.
    const code = await codeFromOutbox(page.request, phone, 'registration');
    await field(page, /Código del SMS/).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Confirmar' }).click();

    // The address: an empty submit shows its messages, a postcode chooses its province, saving leads on.
    await expect(page).toHaveURL(/\/address-details$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tu dirección' })).toBeVisible();
    await page.getByRole('button', { name: 'Guardar y continuar' }).click();
    await expect(page.getByText('Campo obligatorio')).toHaveCount(5);
    await expectNoViolations(page, 'the address page with its errors');
    await field(page, /^Calle/).fill('Calle Mayor');
    await field(page, /^Número/).fill('12');
    await field(page, /^Piso, puerta/).fill('3º B');
    await field(page, /^Código postal/).fill('28013');
    await expect(page.getByRole('button', { name: /Provincia/ })).toContainText('Madrid');
    await field(page, /^Localidad/).fill('Madrid');
    await page.getByRole('button', { name: 'Guardar y continuar' }).click();

    await expect(page).toHaveURL(/\/bank-credentials(\?l=[\w-]+)?$/);
  });

  test('a reload in the middle of the signup form keeps the values, never the passwords', async ({ page }) => {
    const phone = uniqueMobile();
    await page.goto(`/registro/datos-personales?phone=${phone}`);
    await field(page, /^Nombre/).fill('Marta');
    await field(page, /^Apellidos/).fill('Ruiz Soler');
    await field(page, /^Email/).fill('marta.ruiz@gmail.com');
    await chooseOption(page, /Situación laboral/, 'Estudiante');
    await page.getByLabel(/^Contraseña/).fill('Secreta99');
    await page.getByLabel(/^Repite la contraseña/).fill('Secreta99');
    await tick(page, 'ACEPTAR TODO');

    // The values are written to IndexedDB on every change: wait until the last one is there, then reload.
    await expect
      .poll(() => storedValue(page, 'signupForm'))
      .toMatchObject({ firstName: 'Marta', acceptPolicy: true, acceptAgreement: true });
    await page.reload();

    await expect(field(page, /^Nombre/)).toHaveValue('Marta');
    await expect(field(page, /^Apellidos/)).toHaveValue('Ruiz Soler');
    await expect(field(page, /^Email/)).toHaveValue('marta.ruiz@gmail.com');
    await expect(field(page, /^Teléfono móvil/)).toHaveValue(phone);
    await expect(page.getByRole('button', { name: /Situación laboral/ })).toContainText('Estudiante');
    await expect(page.getByRole('checkbox', { name: /He leído y acepto/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /Quiero recibir ofertas/ })).toBeChecked();
    await expect(page.getByLabel(/^Contraseña/)).toHaveValue('');
    await expect(page.getByLabel(/^Repite la contraseña/)).toHaveValue('');
  });

  test("after login's customerNotFound the page says the number was not found (no axe violation)", async ({ page }) => {
    const phone = uniqueMobile();
    await page.goto(`/registro/datos-personales?phone=${phone}&customerNotFound=1`);
    await expect(
      page.getByText(`No hemos encontrado ninguna cuenta con el número +34 ${phone}. Regístrate para continuar.`),
    ).toBeVisible();
    await expectNoViolations(page, 'the register page after customerNotFound');
  });

  test('a registered number gets the phone-registered dialog, which leads to login with the phone', async ({
    page,
  }) => {
    await page.goto('/registro/datos-personales');
    await field(page, /Teléfono móvil/).fill(DEMO.registered);
    await page.getByRole('button', { name: 'Continuar' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(REGISTER_TEXTS.phoneAlreadyRegistered);
    await dialog.getByRole('button', { name: REGISTER_TEXTS.alreadyRegisteredButton }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?phone=${DEMO.registered}$`));
  });

  test('the declined page explains the decision and how to contact support (no axe violation)', async ({ page }) => {
    await openAs(page, '/address-details/declined', DEMO.registered);
    await expect(page.getByRole('heading', { level: 1, name: 'Solicitud no aprobada' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Escríbenos a/ })).toBeVisible();
    await expectNoViolations(page, 'the address declined page');
  });
});
