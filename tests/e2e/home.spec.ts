import { test as undecidedTest, type Page } from '@playwright/test';
import { withCookieConsent } from './cookie-consent.ts';
import { expect, test } from './fixtures.ts';
import { expectNoViolations, uniqueMobile } from './helpers.ts';
import { DEMO } from './session.ts';

/**
 * The home page in a real browser against the real server (first document §2, §4, §9): the calculator prices with
 * the server as the customer moves it, 'Solicita YA' sends a new phone to registration and a customer's phone to
 * login, 'Más Información' shows the contract of the product on screen, and axe finds nothing with the cookie modal open or closed.
 */

const PAYBACK = /^Pagarás (\d{1,3}(?:\.\d{3})*,\d{2})€ el (\d{2})\/(\d{2})\/(\d{4})$/;

/** The 'Pagarás X€ el DD/MM/YYYY' text once the quote of the current choice is shown. */
async function payback(page: Page): Promise<{ text: string; amount: string; date: string }> {
  const result = page.locator('.calc-result');
  await expect(result).toHaveAttribute('aria-busy', 'false');
  const text =
    (await page
      .getByRole('status')
      .filter({ hasText: /^Pagarás/ })
      .textContent()) ?? '';
  const match = PAYBACK.exec(text);
  expect(match, text).not.toBeNull();
  return { text, amount: match![1]!, date: `${match![4]}-${match![3]}-${match![2]}` };
}

test.describe('home page', () => {
  test.beforeEach(async ({ context }) => {
    await withCookieConsent(context);
  });

  test('the calculator prices each choice with the server as the customer moves it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Solicita tu préstamo rápido en menos de 10 minutos',
    );
    // A visitor sees the minipréstamo first (the zero-interest hero); the instalment loan is one press away.
    await expect(page.getByRole('radio', { name: 'Minipréstamo' })).toBeChecked();
    await payback(page);
    await page.getByRole('radio', { name: 'Préstamo a plazos' }).check();
    const amount = page.getByRole('slider', { name: '¿Cuánto dinero necesitas?' });
    const installments = page.getByRole('combobox', { name: '¿En cuántas cuotas mensuales?' });
    await expect(amount).toHaveValue('2500');
    await expect(installments).toHaveValue('12');

    const first = await payback(page);
    // The first instalment: on day 30 (or the month's end), at least 6 days ahead.
    const sixDaysAhead = new Date(Date.now() + 6 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(first.date >= sixDaysAhead, `${first.date} after ${sixDaysAhead}`).toBe(true);

    await amount.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(amount).toHaveValue('3500');
    await expect(page.getByRole('combobox', { name: '¿Cuánto dinero necesitas?' })).toHaveValue('3500');
    await expect(page.getByRole('status').filter({ hasText: /^Pagarás/ })).not.toHaveText(first.text);
    const more = await payback(page);
    expect(more.amount).not.toBe(first.amount);
    expect(more.date).toBe(first.date); // the same first instalment date: only the amount changes

    await installments.selectOption('24');
    await expect(page.getByRole('slider', { name: '¿En cuántas cuotas mensuales?' })).toHaveValue('24');
    await expect(page.getByRole('status').filter({ hasText: /^Pagarás/ })).not.toHaveText(more.text);
    const longer = await payback(page);
    expect(Number(longer.amount.replace(/\./g, '').replace(',', '.'))).toBeLessThan(
      Number(more.amount.replace(/\./g, '').replace(',', '.')),
    );
    await expect(page.getByText(/^Ejemplo representativo: para un préstamo de 2\.500,00\s€/)).toBeVisible();
    await expect(page.getByText(/^Total a devolver: .* · TAE \d+,\d %$/)).toBeVisible();
  });

  test('a visitor prices the minipréstamo with the server: «Pagarás … el …», 0 % up to 300 €, its own example', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByText('0 % en tu primer préstamo')).toBeVisible();
    const mini = page.getByRole('radio', { name: 'Minipréstamo' });
    await expect(mini).toBeChecked();
    const amount = page.getByRole('slider', { name: '¿Cuánto dinero necesitas?' });
    const days = page.getByRole('slider', { name: '¿En cuántos días lo devuelves?' });
    await expect(amount).toHaveValue('300');
    await expect(days).toHaveValue('20');

    // 300 € in 20 days (a weekend moves to the Monday): the first loan at 0 %, repaid on one date.
    const free = await payback(page);
    expect(free.amount).toBe('300,00');
    const twentyDays = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const twentyThreeDays = new Date(Date.now() + 23 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(free.date >= twentyDays && free.date <= twentyThreeDays, free.date).toBe(true);
    await expect(
      page.getByText(/^0,00\s€ de intereses: tu primer préstamo, al 0 %, si lo devuelves el /),
    ).toBeVisible();
    await expect(page.getByText(/^Si no lo devuelves ese día, pierdes la promoción/)).toBeVisible();
    await expect(
      page.getByText(/^Ejemplo representativo: para un minipréstamo de 300,00\s€ .* TAE 1\.181,6 %\./),
    ).toBeVisible();

    // Two steps up: 400 €, priced at 0,75 % a day, no 0 % message.
    await amount.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(amount).toHaveValue('400');
    await expect(page.getByRole('status').filter({ hasText: /^Pagarás/ })).not.toHaveText(free.text);
    const priced = await payback(page);
    const paid = Number(priced.amount.replace(/\./g, '').replace(',', '.'));
    expect(priced.date).toBe(free.date); // only the amount changed
    // 0,75 % a day of 400 € for the 20 days (22 when the 20th falls on a Saturday): 60,00 € to 66,00 €.
    expect(paid).toBeGreaterThanOrEqual(460);
    expect(paid).toBeLessThanOrEqual(466);
    await expect(
      page.getByText(/^Un solo pago a \d+ días: 400,00\s€ del préstamo y \d+,\d{2}\s€ de intereses · TAE /),
    ).toBeVisible();
    await expect(page.getByText(/de intereses: tu primer préstamo/)).toBeHidden();
    // Its contract: "'Más Información' shows the contract of the plan on screen" below.
    await expect(page.getByRole('button', { name: 'Más Información' })).toBeEnabled();
    await expectNoViolations(page, 'home with the minipréstamo');
  });

  test("'Solicita YA' with a new phone goes to registration with that phone", async ({ page }) => {
    const phone = uniqueMobile();
    await page.goto('/');
    await page.getByLabel('Tu número de móvil').fill(phone);
    await page.getByRole('button', { name: 'Solicita YA' }).click();
    await expect(page).toHaveURL(`/registro/datos-personales?phone=${phone}`);
  });

  test("'Solicita YA' with a customer's phone goes to login with that phone", async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Tu número de móvil').fill(DEMO.systemApproved);
    await page.getByRole('button', { name: 'Solicita YA' }).click();
    await expect(page).toHaveURL(`/login?phone=${DEMO.systemApproved}`);
  });

  test("'Solicita YA' refuses an empty or wrong phone in Spanish", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Solicita YA' }).click();
    await expect(page.getByText('Campo obligatorio')).toBeVisible();
    await page.getByLabel('Tu número de móvil').fill('12345');
    await page.getByRole('button', { name: 'Solicita YA' }).click();
    await expect(page.getByText('Patrón incorrecto')).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test.describe("'Solicita YA' while the phone rule is still on its way", () => {
    // The rule is a lazy chunk; the service worker would serve it from its cache, out of this page's routes.
    test.use({ serviceWorkers: 'block' });
    const RULE_CHUNK = '**/assets/phone-check-logic-*.js';

    test('a press begun before the rule arrived and ended after it still sends the form', async ({ page }) => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(RULE_CHUNK, async (route) => {
        await held;
        await route.continue();
      });
      const phone = uniqueMobile();
      await page.goto('/');
      await page.getByLabel('Tu número de móvil').fill(phone);
      const button = page.getByRole('button', { name: 'Solicita YA' });
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      // The rule arrives while the button is held down.
      const loaded = page.waitForResponse(/phone-check-logic-.*\.js$/);
      release();
      await loaded;
      await page.waitForTimeout(200);
      await page.mouse.up();
      await expect(page).toHaveURL(`/registro/datos-personales?phone=${phone}`);
    });

    test('a rule that cannot be downloaded says so in Spanish, and the next press tries again', async ({ page }) => {
      await page.route(RULE_CHUNK, (route) => route.abort('internetdisconnected'));
      const phone = uniqueMobile();
      await page.goto('/');
      await page.getByLabel('Tu número de móvil').fill(phone);
      await page.getByRole('button', { name: 'Solicita YA' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'No hemos podido cargar el formulario. Comprueba tu conexión e inténtalo de nuevo.',
      );
      await expect(page).toHaveURL('/');
      await page.unroute(RULE_CHUNK);
      await page.getByRole('button', { name: 'Solicita YA' }).click();
      await expect(page).toHaveURL(`/registro/datos-personales?phone=${phone}`);
    });
  });

  test("'Más Información' shows the contract of the plan on screen", async ({ page }) => {
    await page.goto('/');
    await payback(page);
    await page.getByRole('radio', { name: 'Préstamo a plazos' }).check();
    await expect(page.getByText(/^Total a devolver: /)).toBeVisible();
    await payback(page);
    await page.getByRole('button', { name: 'Más Información' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contrato de préstamo' });
    await expect(dialog).toBeVisible();
    const contract = dialog.frameLocator('iframe');
    await expect(contract.getByRole('heading', { name: 'Contrato de préstamo al consumo' })).toBeVisible();
    await expect(contract.getByText('2.500,00 €').first()).toBeVisible();
    await expectNoViolations(page, 'the agreement modal', { skipFrames: true });
    // The contract itself, as a document of its own.
    const html = await dialog.locator('iframe').getAttribute('srcdoc');
    const contractPage = await page.context().newPage();
    await contractPage.setContent(html ?? '');
    await expectNoViolations(contractPage, 'the agreement document');
    await contractPage.close();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();

    // Back on the minipréstamo, 250 €: its own contract, for that amount and the one date the calculator shows.
    await page.getByRole('radio', { name: 'Minipréstamo' }).check();
    const amount = page.getByRole('slider', { name: '¿Cuánto dinero necesitas?' });
    await expect(amount).toHaveValue('300');
    await amount.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(amount).toHaveValue('250');
    await expect(page.getByRole('status').filter({ hasText: /^Pagarás/ })).toHaveText(/^Pagarás 250,00€ el /);
    const mini = await payback(page);
    const shownDate = mini.date.split('-').reverse().join('/');
    await page.getByRole('button', { name: 'Más Información' }).click();
    await expect(dialog).toBeVisible();
    await expect(contract.getByRole('heading', { name: 'Contrato de préstamo al consumo' })).toBeVisible();
    const terms = contract.locator('.loan-agreement-terms');
    await expect(terms).toContainText(/Importe del préstamo \(importe total del crédito\)\s*250,00\s€/);
    await expect(terms).toContainText(new RegExp(`Un solo pago el ${shownDate} \\(\\d+ días\\)`));
    // Priced as the quote was: a visitor's first loan up to 300 € is interest-free.
    await expect(terms).toContainText('0,00 %: primer préstamo sin intereses');
    await expect(terms).not.toContainText('Número de cuotas');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();
  });

  for (const [label, viewport] of [
    ['a phone', { width: 360, height: 740 }],
    ['a desktop', { width: 1280, height: 800 }],
  ] as const) {
    test(`the first quote arriving does not move the page on ${label} (no layout shift)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The quote arrives well after the first paint, as on a slow connection.
      await page.route('**/api/loan/paymentPlans', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await page.goto('/');
      await expect(page.getByText('Calculando tu cuota…')).toBeVisible();
      await payback(page);
      await page.waitForTimeout(300);
      const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
      expect(shifts).toEqual([]);
    });
  }

  test('axe finds no violation while a quote loads or after it failed (the greyed last answer keeps its contrast)', async ({
    page,
  }) => {
    await page.goto('/');
    await payback(page);
    // The next quote hangs: the last answer stays, greyed and busy.
    let release: () => void = () => {};
    await page.route('**/api/loan/paymentPlans', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.abort('internetdisconnected');
    });
    await page.getByRole('slider', { name: '¿Cuánto dinero necesitas?' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.calc-result[aria-busy="true"]')).toBeVisible();
    await expectNoViolations(page, 'home while a quote loads');
    release();
    await expect(page.getByText('No hemos podido calcular tu cuota.', { exact: false })).toBeVisible();
    await expectNoViolations(page, 'home after a failed quote');
  });

  test('axe finds no violation on the home page with the cookie modal closed', async ({ page }) => {
    await page.goto('/');
    await payback(page);
    await expectNoViolations(page, 'home');
  });
});

// A context where nothing was decided about cookies (whatever ./fixtures.ts may store beforehand).
undecidedTest('axe finds no violation on the home page with the cookie modal open', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'Tu privacidad' })).toBeVisible();
  await payback(page);
  await expectNoViolations(page, 'home with the cookie modal');
  await page.getByRole('button', { name: 'Mostrar detalles' }).click();
  await page.getByRole('button', { name: 'Publicidad' }).click();
  await expectNoViolations(page, 'home with the cookie modal in detail');
});
