import { SHELL_MESSAGES } from '../../src/shared/messages.ts';
import { buildReminderNotification, PUSH_SUBSCRIPTION_MESSAGES } from '../../src/shared/push.ts';
import { expect, test } from './fixtures.ts';
import { waitForServiceWorker } from './helpers.ts';
import { DEMO, openAs } from './session.ts';

test.describe('installable, offline-aware PWA', () => {
  test('Chromium finds the app installable (no installability errors, persistent profile)', async ({
    persistentPage: page,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      lang: 'es',
      display: 'standalone',
      theme_color: '#0099ff',
      name: 'Préstamo Rápido',
    });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  });

  test('offline, a reload of / and a deep link render from the service worker', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: SHELL_MESSAGES.homeTitle })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Sin conexión a Internet. Lo que escribas' }),
    ).toBeVisible();
    // The calculator says it is offline instead of 'Calculando tu cuota…' and an error (issue 23 §7).
    await expect(
      page.getByRole('status').filter({ hasText: 'Sin conexión a internet: calcularemos tu cuota' }),
    ).toBeVisible();
    await expect(page.getByText('No hemos podido calcular tu cuota')).toHaveCount(0);

    await page.goto('/como-funciona');
    await expect(page.getByRole('heading', { level: 1, name: 'Cómo funciona' })).toBeVisible();
    await expect(page.locator('.app-header')).toBeVisible();

    await context.setOffline(false);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: /Sin conexión/i })).toHaveCount(0);
  });

  test('API answers are never cached by the service worker', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    const cached = await page.evaluate(async () => {
      const keys = await caches.keys();
      const urls: string[] = [];
      for (const key of keys) for (const request of await (await caches.open(key)).keys()) urls.push(request.url);
      return urls;
    });
    expect(cached.some((url) => new URL(url).pathname === '/index.html')).toBe(true);
    expect(cached.filter((url) => /\/(api|sandbox|logs)\//.test(new URL(url).pathname))).toEqual([]);
    await context.setOffline(true);
    const status = await page.evaluate(async () => {
      try {
        return (await fetch('/api/common/time')).status;
      } catch {
        return 'network error';
      }
    });
    expect(status).toBe('network error');
  });

  test('a changed /version.json reloads the page at the same path, once (no reload loop)', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/como-funciona?origen=prueba#arriba');
    await waitForServiceWorker(page);
    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    // A new deploy: the server now answers another version (requests of the page and of the SW are both routed).
    await context.route(/\/version\.json/, (route) => route.fulfill({ json: { version: '99.0.0+nuevo' } }));

    // First check 10 s after start-up.
    await page.waitForFunction(
      () => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate !== true,
      undefined,
      {
        timeout: 25_000,
      },
    );
    await expect(page).toHaveURL(/\/como-funciona\?origen=prueba#arriba$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cómo funciona' })).toBeVisible();
    expect(navigations).toBe(1);

    // The reloaded page still runs the old build (no new SW to install): it must not reload again for that version.
    await page.waitForTimeout(13_000);
    expect(navigations).toBe(1);
  });

  test('a push delivered to the service worker shows the Spanish reminder with the payment URL', async ({
    persistentPage: page,
    persistentContext: context,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    await context.grantPermissions(['notifications'], { origin });
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        const active = versions.find(
          (version: { runningStatus: string; status: string; scriptURL: string }) =>
            version.status === 'activated' && version.scriptURL.endsWith('/service-worker.js'),
        );
        if (active) resolve(active.registrationId);
      });
    });
    await page.goto('/');
    await waitForServiceWorker(page);

    const reminder = buildReminderNotification({
      kind: 'dueIn3Days',
      amountCents: 29_999,
      dueDate: '2026-12-30',
      loanId: 41,
      installmentId: 412,
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          tag: notification.tag,
          lang: notification.lang,
          data: notification.data as unknown,
          actions: (notification as Notification & { actions?: { action: string; title: string }[] }).actions?.map(
            (action) => action.title,
          ),
        }));
      });
    // A single DevTools delivery is sometimes never shown (this test failed 4 and 8 times in 16 runs, at this commit
    // and at the one before the session's app changes, with nothing shown after 10 s): deliver again until one is.
    // The same tag replaces the notification, so the list below still has to be exactly one reminder.
    const registration = await registrationId;
    let deliveries = 0;
    await expect
      .poll(
        async () => {
          const current = await shown();
          if (current.length === 0 && deliveries < 5) {
            deliveries += 1;
            await cdp.send('ServiceWorker.deliverPushMessage', {
              origin,
              registrationId: registration,
              data: JSON.stringify(reminder),
            });
          }
          return current;
        },
        { intervals: [2_000], timeout: 15_000 },
      )
      .toEqual([
        {
          title: 'Tu cuota vence en 3 días',
          body: 'Tu cuota de 299,99\u00a0€ vence el 30/12/2026.',
          tag: 'installment-412',
          lang: 'es',
          data: expect.objectContaining({
            url: '/payment/pay/debit-card/41/412?paymentOption=firstNotPaidInstallment',
          }) as unknown,
          actions: ['Pagar ahora', 'Ver préstamo'],
        },
      ]);
  });

  test("'Recordatorios de pago' asks permission from the tap and, without a push service, says so in Spanish", async ({
    persistentPage: page,
    persistentContext: context,
    baseURL,
  }) => {
    test.setTimeout(45_000);
    await context.grantPermissions(['notifications'], { origin: new URL(baseURL ?? '').origin });
    await openAs(page, '/account', DEMO.securityCheckedDueIn3Days);
    await waitForServiceWorker(page);
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/communication/push/subscription')) saves.push(request.method());
    });
    const reminders = page.getByRole('switch', { name: 'Recordatorios de pago' });
    await expect(reminders).toBeEnabled();
    await expect(reminders).not.toBeChecked();
    await page.getByText('Recordatorios de pago', { exact: true }).click(); // the visible label, as a customer taps it
    // This machine's Chromium has no push service: pushManager.subscribe never settles, the app gives up after 10 s.
    await expect(page.getByText(PUSH_SUBSCRIPTION_MESSAGES.timeout)).toBeVisible({ timeout: 20_000 });
    await expect(reminders).not.toBeChecked();
    expect(saves).toEqual([]);
  });
});
