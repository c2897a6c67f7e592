import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { demoCustomers, withCheckLetter } from '../../src/server/db/seed/demo-customers.ts';
import { logIn, openCustomerFile } from './backoffice-staff.ts';
import { photo } from './cards.ts';
import { sessionHeaders } from './customers.ts';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './helpers.ts';
import { loginAs } from './session.ts';

/**
 * The customer search and the customer's file against the real server (docs/backoffice.md §6): an administrator
 * (an account no other back-office spec logs in with) finds the demo customer 600000005 by their DNI, opens them
 * and reads 'Resumen'; the back button returns to the search. Two more administrators read the other tabs.
 */

const EMAIL = 'admin@demo.prestamo.local';
const demo = demoCustomers.find((customer) => customer.phone === '600000005');
if (!demo) throw new Error('The demo customer 600000005 is not in the seed');
const dni = withCheckLetter(demo.idNumber);
const fullName = `${demo.firstName} ${demo.lastName}`;

/** The page's uncaught errors and console errors, as they come (each test expects none). */
function consoleErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  return problems;
}

/** Logs `email` in and opens the demo customer's file from a search by DNI. */
async function openDemoFile(page: Page, request: Parameters<typeof logIn>[1], email: string): Promise<void> {
  if (!page.url().endsWith('/backoffice/login')) await page.goto('/backoffice/login');
  await logIn(page, request, email);
  await expect(page).toHaveURL(/\/backoffice\/clientes$/);
  await openCustomerFile(page, dni, fullName);
}

test('an administrator searches a customer by DNI, opens their file and sees the record', async ({ page, request }) => {
  const problems = consoleErrors(page);

  await page.goto('/backoffice/login');
  await logIn(page, request, EMAIL);
  await expect(page).toHaveURL(/\/backoffice\/clientes$/);

  await page.keyboard.press('/');
  const field = page.getByRole('searchbox', { name: 'Buscar cliente' });
  await expect(field).toBeFocused();
  await field.fill(dni);
  await page.getByRole('button', { name: 'Buscar' }).click();

  await expect(page).toHaveURL(new RegExp(`/backoffice/clientes\\?q=${dni}&pagina=1$`));
  await expect(page.getByText('1 cliente', { exact: true })).toBeVisible();
  const table = page.getByRole('grid', { name: 'Clientes encontrados' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(dni);
  await expect(table).toContainText(demo.phone);
  await expectNoViolations(page, '/backoffice/clientes with results');

  await table.getByRole('link', { name: fullName }).click();
  await expect(page).toHaveURL(/\/backoffice\/clientes\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Resumen', selected: true })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText('DNI/NIE');
  await expect(panel).toContainText(dni);
  await expect(panel).toContainText(demo.email);
  await expectNoViolations(page, 'the customer’s file, Resumen');

  await page.getByRole('tab', { name: 'Historial' }).click();
  await expect(page).toHaveURL(/\/backoffice\/clientes\/\d+\/historial$/);
  await expect(page.getByRole('tabpanel')).not.toContainText('Cargando');
  await expectNoViolations(page, 'the customer’s file, Historial');

  // The URL held the search: back twice returns to its results.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/backoffice/clientes\\?q=${dni}&pagina=1$`));
  await expect(field).toHaveValue(dni);
  await expect(page.getByRole('grid', { name: 'Clientes encontrados' })).toContainText(fullName);
  expect(problems, 'console errors').toEqual([]);
});

test('the customer file’s read tabs show the demo customer’s status, loan, card and limit in Spanish', async ({
  page,
  request,
}) => {
  // Six tabs with axe on each: near 30 s on a loaded two-core machine.
  test.slow();
  const problems = consoleErrors(page);
  // Another administrator than the first test's: each account's code works once per 30-second step.
  await openDemoFile(page, request, 'admin2@demo.prestamo.local');

  await page.getByRole('tab', { name: 'Estado' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Estado actual: Verificado');
  await expect(page.getByRole('grid', { name: 'Cambios de estado' })).toBeVisible();
  await expectNoViolations(page, 'the customer’s file, Estado');

  // The seed's loan: 2.500 € in 12 instalments, 3 paid, the next due in 3 days.
  await page.getByRole('tab', { name: 'Préstamos' }).click();
  const loans = page.getByRole('grid', { name: 'Préstamos del cliente' });
  await expect(loans.getByRole('row').filter({ hasText: 'Activo' })).toContainText('2.500,00');
  await expect(loans.getByRole('row').filter({ hasText: 'Activo' })).toContainText('3 de 12');
  // In 3 days from the day the server seeded (fewer if a midnight passed since; the exact words are unit-tested).
  await expect(loans.getByRole('row').filter({ hasText: 'Activo' })).toContainText(/vence (en [1-3] días|mañana|hoy)/);
  await expectNoViolations(page, 'the customer’s file, Préstamos');

  await page.getByRole('tab', { name: 'Tarjetas' }).click();
  await expect(page.getByRole('grid', { name: 'Tarjetas del cliente' })).toContainText('Válida');
  await expectNoViolations(page, 'the customer’s file, Tarjetas');

  await page.getByRole('tab', { name: 'Límite' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('3.500,00');
  await expect(page.getByRole('grid', { name: 'Decisiones de crédito' })).toContainText('Préstamo devuelto');
  await expectNoViolations(page, 'the customer’s file, Límite');

  await page.getByRole('tab', { name: 'Mensajes' }).click();
  await expect(page).toHaveURL(/\/backoffice\/clientes\/\d+\/mensajes$/);
  await expect(page.getByRole('tabpanel')).not.toContainText('Cargando');
  await expect(page.getByRole('tabpanel').getByRole('alert')).toHaveCount(0);
  await expectNoViolations(page, 'the customer’s file, Mensajes');
  expect(problems, 'console errors').toEqual([]);
});

test('the file’s documents (one viewed), bank, communications and the status history of a card and a loan', async ({
  page,
  request,
}) => {
  test.slow();
  const problems = consoleErrors(page);
  // The customer uploads the front of their DNI (as the app's /documents page does), named for this run.
  await page.goto('/backoffice/login');
  const name = `dni-${randomUUID().slice(0, 8)}.jpg`;
  const customer = await loginAs(request, demo.phone);
  const uploaded = await request.post('/api/customer/document', {
    headers: sessionHeaders(customer),
    multipart: {
      type: 'identity',
      subType: 'front',
      name,
      channel: 'website',
      document: { name, mimeType: 'image/jpeg', buffer: await photo(page, 'DNI') },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);

  await openDemoFile(page, request, 'admin@demo.prestamo.local');

  await page.getByRole('tab', { name: 'Documentos' }).click();
  await expect(page).toHaveURL(/\/backoffice\/clientes\/\d+\/documentos$/);
  const documents = page.getByRole('grid', { name: 'Documentos del cliente' });
  const row = documents.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('DNI/NIE: anverso');
  await expect(row).toContainText('Pendiente de revisar');
  await expect(page.getByRole('tabpanel')).toContainText('En total');
  await expectNoViolations(page, 'the customer’s file, Documentos');
  // 'Ver': the bytes read as a Blob and shown from an object URL (the CSP's img-src allows blob:).
  await row.getByRole('button', { name: `Ver DNI/NIE: anverso (${name})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Documento: DNI/NIE: anverso' });
  const image = dialog.getByRole('img', { name: `DNI/NIE: anverso, archivo ${name}` });
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1600);
  await expectNoViolations(page, 'the customer’s file, a document viewed');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toHaveCount(0);

  // The seed's account: Santander, read by the open-banking widget, with its salaries; no widget session.
  await page.getByRole('tab', { name: 'Banco' }).click();
  const accounts = page.getByRole('grid', { name: 'Cuentas bancarias del cliente' });
  await expect(accounts).toContainText('Banco Santander (0049)');
  await expect(accounts).toContainText('Activa');
  await expect(accounts).toContainText(/ES\d{22}/);
  await expect(page.getByRole('tabpanel')).toContainText(
    'El cliente no ha conectado con su banco desde la aplicación.',
  );
  await expectNoViolations(page, 'the customer’s file, Banco');

  await page.getByRole('tab', { name: 'Comunicaciones' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText(demo.email);
  await expect(panel).toContainText(demo.phone);
  await expect(panel.getByRole('heading', { level: 2, name: 'Permisos de comunicación' })).toBeVisible();
  await expect(panel).not.toContainText('Cargando');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expectNoViolations(page, 'the customer’s file, Comunicaciones');

  await page.getByRole('tab', { name: 'Tarjetas' }).click();
  await page
    .getByRole('button', { name: /^Ver historial de estados de la tarjeta / })
    .first()
    .click();
  await expect(page.getByRole('grid', { name: /^Historial de estados de la tarjeta / }).first()).toContainText(
    'Datos de demostración',
  );
  await expectNoViolations(page, 'the customer’s file, Tarjetas with a card’s history');

  await page.getByRole('tab', { name: 'Préstamos' }).click();
  await page
    .getByRole('button', { name: /^Ver historial de estados del préstamo nº / })
    .first()
    .click();
  const history = page.getByRole('grid', { name: /^Historial de estados del préstamo nº / }).first();
  await expect(history).toContainText('Activo');
  await expect(history).toContainText('Datos de demostración');
  await expectNoViolations(page, 'the customer’s file, Préstamos with a loan’s history');
  expect(problems, 'console errors').toEqual([]);
});
