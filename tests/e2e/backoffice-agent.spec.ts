import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { demoCustomers, withCheckLetter } from '../../src/server/db/seed/demo-customers.ts';
import { logIn, openCustomerFile } from './backoffice-staff.ts';
import { photo } from './cards.ts';
import { withCookieConsent } from './cookie-consent.ts';
import { sessionHeaders } from './customers.ts';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './helpers.ts';
import { loginAs, openAs } from './session.ts';

/**
 * Issue 26's agent journeys in Chromium against the real server (docs/backoffice.md §5, §6), each through the back
 * office's screens: the agent approves a DNI photo in the customer's file; the agent opens call hours that a fresh
 * customer then books in the customer app, and answers a complaint. Data other specs read stay as they are: the
 * document approved is one this test uploads (600000005 is already verified, so its status does not move), the
 * hours are the agent's own, on a day and at an hour no other spec books, and the complaint is a fresh customer's.
 */

const AGENT = 'agente@demo.prestamo.local';
const AGENT_NAME = 'Lucía Agente Demo';
const REASON = 'Motivo (queda en la auditoría)';

const demo = demoCustomers.find((customer) => customer.phone === '600000005');
if (!demo) throw new Error('The demo customer 600000005 is not in the seed');
const dni = withCheckLetter(demo.idNumber);
const fullName = `${demo.firstName} ${demo.lastName}`;

async function sandboxCustomer(request: APIRequestContext) {
  const response = await request.post('/sandbox/customers', { data: {} });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { phone: string; customerId: number } }).data;
}

async function newCustomerPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  await withCookieConsent(context);
  return context.newPage();
}

/** The option labels of a design-system select of the customer app, closing it again. */
async function optionsOf(page: Page, label: string): Promise<string[]> {
  await page.getByRole('button', { name: label }).click();
  const names = await page.getByRole('listbox').getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  return names.map((name) => name.trim());
}

async function agentLogsIn(page: Page, request: APIRequestContext): Promise<void> {
  await page.goto('/backoffice/login');
  await logIn(page, request, AGENT);
  await expect(page).toHaveURL(/\/backoffice\/clientes$/);
}

test('an agent finds 600000005 by DNI, opens the file and approves a DNI photo, still approved after a reload', async ({
  page,
  request,
}) => {
  test.slow();
  // The customer uploads the front of their DNI, named for this run (as the app's /documents page sends it).
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

  await logIn(page, request, AGENT);
  await expect(page).toHaveURL(/\/backoffice\/clientes$/);
  await openCustomerFile(page, dni, fullName);

  await page.getByRole('tab', { name: 'Documentos' }).click();
  await expect(page).toHaveURL(/\/backoffice\/clientes\/\d+\/documentos$/);
  const row = page.getByRole('grid', { name: 'Documentos del cliente' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Pendiente de revisar');
  await row.getByRole('button', { name: `Aprobar DNI/NIE: anverso (${name})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Aprobar el documento: DNI/NIE: anverso' });
  await expect(dialog).toContainText(`Vas a dar por bueno ${name}.`);
  await expectNoViolations(page, 'the document review dialog');
  // The reason is required: 'Aprobar' without it keeps the dialog open with the field's message.
  await dialog.getByRole('button', { name: 'Aprobar' }).click();
  await expect(dialog).toContainText('Escribe el motivo');
  await dialog.getByLabel(REASON).fill('DNI legible y vigente, comprobado con el titular.');
  await dialog.getByRole('button', { name: 'Aprobar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Documento aprobado.')).toBeVisible();
  await expect(row).toContainText('Aceptado');
  await expect(row.getByRole('button', { name: `Aprobar DNI/NIE: anverso (${name})` })).toHaveCount(0);

  await page.reload();
  const again = page.getByRole('grid', { name: 'Documentos del cliente' }).getByRole('row').filter({ hasText: name });
  await expect(again).toContainText('Aceptado');
  await expect(again).not.toContainText('Pendiente de revisar');
  await expectNoViolations(page, 'the customer’s file, Documentos after a review');
});

test('an agent opens call hours that a customer books in the app, and answers a complaint', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Two browsers, the back office's dialogs and axe on each screen: over a minute on two loaded cores.
  test.setTimeout(150_000);
  const customer = await sandboxCustomer(request);

  // The customer's days now: the hours go on the last one offered (not a Sunday or a holiday), at 07:00, before
  // the default hours open, so call-me.spec.ts's first day and its hours never change under it.
  const app = await newCustomerPage(browser, baseURL);
  await openAs(app, '/account', customer.phone);
  await expect(app.getByRole('heading', { name: 'Te llamamos' })).toBeVisible();
  const days = await optionsOf(app, 'Selecciona la fecha');
  expect(days.length).toBeGreaterThan(1);
  const day = days.at(-1)!;
  const [dd, mm, yyyy] = day.split('/');
  const isoDay = `${yyyy}-${mm}-${dd}`;

  await agentLogsIn(page, request);
  await page.goto('/backoffice/tareas/horario');
  await expect(page.getByRole('heading', { level: 1, name: 'Horario de llamadas' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Horario semanal' })).toBeVisible();
  await expectNoViolations(page, '/backoffice/tareas/horario');
  await page.getByRole('button', { name: 'Añadir horas' }).click();
  const add = page.getByRole('dialog', { name: 'Añadir horas' });
  await add.getByLabel('Para').selectOption({ label: 'Una fecha concreta' });
  await add.getByLabel('Fecha').fill(isoDay);
  await add.getByLabel('Desde').selectOption('07:00');
  await add.getByLabel('Hasta').selectOption('07:30');
  await expect(add.getByLabel('Tipo')).toHaveValue('open');
  // An agent adds only their own hours: no choice of whose.
  await expect(add.getByLabel('De quién')).toHaveCount(0);
  await expectNoViolations(page, 'the add hours dialog');
  await add.getByRole('button', { name: 'Añadir' }).click();
  await expect(add).toHaveCount(0);
  const dated = page.getByRole('table', { name: 'Horario de fechas concretas' });
  const hours = dated.getByRole('row').filter({ hasText: day }).filter({ hasText: '07:00–07:30' });
  await expect(hours).toContainText('Abierto');
  await expect(hours).toContainText(AGENT_NAME);
  await expect(hours.getByRole('button', { name: `Quitar ${day} 07:00–07:30` })).toBeVisible();

  // The customer reads the hours again and books the new one.
  await app.reload();
  await app.locator('.header-client-area').waitFor();
  await app.getByRole('button', { name: 'Selecciona la fecha' }).click();
  await app.getByRole('listbox').getByRole('option', { name: day, exact: true }).click();
  await app.getByRole('button', { name: 'Selecciona la hora' }).click();
  await app.getByRole('listbox').getByRole('option', { name: '07:00 - 07:30', exact: true }).click();
  await app.getByRole('button', { name: 'Programar llamada' }).click();
  await expect(
    app.getByText('Hemos aceptado tu solicitud. Te llamaremos a la hora que has especificado.'),
  ).toBeVisible();
  // Capacity 1: the slot is no longer offered.
  if ((await optionsOf(app, 'Selecciona la fecha')).includes(day)) {
    await app.getByRole('button', { name: 'Selecciona la fecha' }).click();
    await app.getByRole('listbox').getByRole('option', { name: day, exact: true }).click();
    expect(await optionsOf(app, 'Selecciona la hora')).not.toContain('07:00 - 07:30');
  }
  await app.context().close();

  // The complaint: recorded by the agent, put in progress, answered.
  const subject = `Cobro duplicado ${randomUUID().slice(0, 6)}`;
  await page.goto('/backoffice/reclamaciones');
  await expect(page.getByRole('heading', { level: 1, name: 'Reclamaciones' })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva reclamación' }).click();
  const create = page.getByRole('dialog', { name: 'Nueva reclamación' });
  await create.getByLabel('Nº de cliente').fill(String(customer.customerId));
  await create.getByLabel('Canal').selectOption({ label: 'Teléfono' });
  await create.getByLabel('Categoría').selectOption({ label: 'Pagos' });
  await create.getByLabel('Asunto').fill(subject);
  await create.getByLabel('Descripción').fill('La clienta dice que le hemos cobrado dos veces la cuota de noviembre.');
  await expectNoViolations(page, 'the new complaint dialog');
  await create.getByRole('button', { name: 'Registrar la reclamación' }).click();
  await expect(create).toHaveCount(0);

  const filters = page.getByRole('form', { name: 'Filtros' });
  await filters.getByLabel('Nº de cliente').fill(String(customer.customerId));
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/reclamaciones\\?cliente=${customer.customerId}$`));
  const listed = page.getByRole('table', { name: 'Reclamaciones' }).getByRole('row').filter({ hasText: subject });
  await expect(listed).toContainText('Abierta');
  await expect(listed).toContainText('Pagos');
  await expectNoViolations(page, '/backoffice/reclamaciones filtered');
  await listed.getByRole('rowheader').getByRole('link').click();
  await expect(page).toHaveURL(/\/backoffice\/reclamaciones\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Reclamación nº \d+$/ })).toBeVisible();
  await expect(page.getByText(subject)).toBeVisible();

  await page.getByRole('button', { name: 'Poner en curso' }).click();
  const start = page.getByRole('dialog', { name: 'Poner la reclamación en curso' });
  await start.getByLabel(REASON).fill('Revisando los cobros de la tarjeta.');
  await start.getByRole('button', { name: 'Poner en curso' }).click();
  await expect(start).toHaveCount(0);
  const details = page.getByRole('region', { name: 'Datos' });
  await expect(details).toContainText('En curso');

  await page.getByRole('button', { name: 'Responder' }).click();
  const answer = page.getByRole('dialog', { name: 'Dar la reclamación por respondida' });
  const answerText = 'Hemos comprobado el doble cobro y te devolvemos la cuota repetida en 3 días hábiles.';
  await answer.getByLabel('Respuesta enviada al cliente').fill(answerText);
  await answer.getByLabel('Resultado').selectOption({ label: 'Estimada' });
  await answer.getByLabel(REASON).fill('Doble cobro confirmado.');
  await expectNoViolations(page, 'the answer dialog');
  await answer.getByRole('button', { name: 'Guardar la respuesta' }).click();
  await expect(answer).toHaveCount(0);

  await page.reload();
  await expect(details).toContainText('Respondida');
  await expect(details).toContainText('Estimada');
  await expect(details).toContainText(answerText);
  const history = page.getByRole('region', { name: 'Cambios de estado' });
  await expect(history).toContainText('Doble cobro confirmado.');
  await expect(page.getByRole('button', { name: 'Cerrar', exact: true })).toBeVisible();
  await expectNoViolations(page, 'the answered complaint');
});
