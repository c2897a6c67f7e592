import { expect, test } from './fixtures.ts';
import { fillCard } from './cards.ts';
import { approvedCustomer, openWith } from './customers.ts';

/**
 * Issue 12, the card and its 3-D Secure flow in real Chromium against the sandbox card gateway (docs/sandbox.md
 * "Sandbox test cards"): a declined card, a challenge the customer cancels, a challenge the bank fails, a verification
 * the customer closes while it is being checked, and the device fingerprint followed by a challenge that succeeds; then
 * the card is the customer's principal one, shown masked.
 */

const THREE_DS_FAILED =
  'Falló la verificación de 3D Secure. No se pudo agregar la tarjeta bancaria. Por favor, inténtalo de nuevo.';

test('every 3-D Secure outcome of the sandbox test cards, the abort, and the card shown masked as principal', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openWith(page, '/financial-info/add-card', await approvedCustomer(page.request));
  const add = page.getByRole('button', { name: 'Siguiente' });
  const modal = page.getByRole('dialog', { name: 'Verificación 3-D Secure' });
  const challenge = page.frameLocator('iframe[title="Verificación 3-D Secure"]');

  // Declined by the issuer: no 3-D Secure, the spec's warning plus the gateway's reason.
  await fillCard(page, '4000000000000002');
  await add.click();
  await expect(page.getByText('La validación ha fallado.').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/El banco emisor ha denegado la tarjeta\./).first()).toBeVisible();

  // A challenge the customer cancels in the bank's page: the 3DS_FLOW_FAILED text.
  await fillCard(page, '4000000000003220');
  await add.click();
  await expect(modal).toBeVisible({ timeout: 20_000 });
  await expect(challenge.getByText('**** **** **** 3220')).toBeVisible();
  await challenge.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText(THREE_DS_FAILED).first()).toBeVisible({ timeout: 20_000 });
  await expect(modal).toBeHidden();

  // A challenge authorised by the customer that the bank then fails.
  await fillCard(page, '4000000000003246');
  await add.click();
  await challenge.getByRole('button', { name: 'Autorizar' }).click();
  await expect(page.getByText(THREE_DS_FAILED).first()).toBeVisible({ timeout: 20_000 });

  // Closing the verification while its state is being checked aborts it (abortedByUser): after the device
  // fingerprint post the modal waits (closable) for the state; the check is held back so it can be closed.
  await page.context().route('**/api/card/threeDsState**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await route.continue().catch(() => undefined);
  });
  await fillCard(page, '4000000000003063');
  await add.click();
  await expect(
    page.getByText('Estamos comprobando la verificación con tu banco. Espera un momento, por favor.'),
  ).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByText('Has cerrado la verificación 3D Secure.', { exact: false }).first()).toBeVisible();
  await page.context().unroute('**/api/card/threeDsState**');

  // Device fingerprint (the hidden form post), then the challenge, authorised: the card is added.
  await fillCard(page, '4000000000003063');
  await add.click();
  await challenge.getByRole('button', { name: 'Autorizar' }).click({ timeout: 20_000 });
  await expect(page.getByText('Hemos añadido tu tarjeta.').first()).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/financial-info\/active-cards$/);
  const cards = page.getByRole('list', { name: 'Tus tarjetas' });
  const added = cards.getByRole('listitem').filter({ hasText: '**** **** **** 3063' });
  await expect(added.getByText('Principal', { exact: true })).toBeVisible();
  await expect(added.getByText('Verificada')).toBeVisible();
  // The refused ones are listed as not valid, never principal.
  await expect(cards.getByRole('listitem').filter({ hasText: '3246' }).getByText('No válida')).toBeVisible();
  await expect(page.getByText(/4000\s?0000\s?0000\s?3063/)).toHaveCount(0);
});
