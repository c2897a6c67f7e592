import { BRAND } from '../../src/shared/constants.ts';
import { HTTP_MESSAGES, NAVIGATION_TEXTS, SESSION_MESSAGES, SHELL_MESSAGES } from '../../src/shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, openAs, revoke } from './session.ts';

test.describe('the application shell', () => {
  test('a visitor sees the Spanish header, the offer banner and the login button', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(`${BRAND} | ${SHELL_MESSAGES.homeTitle}`);
    const header = page.getByRole('banner');
    for (const label of [
      NAVIGATION_TEXTS.howItWorks,
      NAVIGATION_TEXTS.help,
      NAVIGATION_TEXTS.about,
      NAVIGATION_TEXTS.contact,
    ]) {
      await expect(header.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('offer-banner')).toHaveText('Recibe hasta 600\u00a0€');
    await expect(header.getByRole('link', { name: NAVIGATION_TEXTS.login })).toHaveAttribute('href', '/login');
  });

  test('a logged-in customer sees the full name (initials on a phone), logout, and the limit banner without an active loan', async ({
    page,
  }) => {
    const session = await openAs(page, '/', DEMO.systemApproved);
    const clientArea = page.locator('.header-client-area');
    await expect(clientArea.locator('.name-full')).toHaveText(session.fullName);
    await expect(page.getByRole('button', { name: NAVIGATION_TEXTS.logout })).toBeVisible();
    await expect(page.getByTestId('offer-banner')).toContainText(NAVIGATION_TEXTS.yourLimit);
    await expect(page.getByTestId('offer-banner')).toContainText('3.000,00 €');
    // 600000004's own minipréstamo limit: the rule engine's starting 300 €.
    await expect(page.getByTestId('offer-banner')).toContainText('Minipréstamo 300,00 €');

    await page.setViewportSize({ width: 390, height: 800 });
    await expect(clientArea.locator('.name-initials')).toBeVisible();
    await expect(clientArea.locator('.name-initials')).toHaveText(session.twoLetterName);
    await expect(clientArea.locator('.name-full')).toBeHidden();
  });

  test('no offer banner for a customer with an active loan', async ({ page }) => {
    await openAs(page, '/', DEMO.securityCheckedDueIn3Days);
    await expect(page.getByTestId('offer-banner')).toHaveCount(0);
  });

  test('a primary link-button keeps its label visible on hover (not blue on blue)', async ({ page }) => {
    await page.goto('/dashboard');
    const link = page.getByRole('main').getByRole('link', { name: 'Inicia sesión' });
    await expect(link).toHaveClass(/ui-button--primary/);
    await link.hover();
    // The transition (0.15 s) has ended once the background is the hover one and stays.
    await page.waitForTimeout(300);
    const { color, background } = await link.evaluate((element) => {
      const style = getComputedStyle(element);
      return { color: style.color, background: style.backgroundColor };
    });
    expect(color).not.toBe(background);
    expect(color).toBe('rgb(255, 255, 255)');
  });

  test('a visitor on a protected page gets the login-required notice with redirectTo (path and query)', async ({
    page,
  }) => {
    await page.goto('/dashboard?tab=cuotas');
    await expect(page.getByRole('heading', { name: SHELL_MESSAGES.loginRequired })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Inicia sesión', exact: true })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent('/dashboard?tab=cuotas')}`,
    );
  });

  test('a customer denied a route is redirected by status (registered → bank credentials)', async ({ page }) => {
    await openAs(page, '/dashboard', DEMO.registered);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/loan-request/success');
    await expect(page).toHaveURL(/\/bank-credentials(\?l=[\w-]+)?$/);
    await expect(page).toHaveTitle(`${BRAND} | Identifica tu banco`);
  });

  test('a logged-in customer is sent away from the anonymous-only login page', async ({ page }) => {
    await openAs(page, '/', DEMO.systemApproved);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('/iniciar-sesion redirects to /login keeping the query; /policita-privacidad to /politica-privacidad', async ({
    page,
  }) => {
    await page.goto('/iniciar-sesion?phone=600000003&redirectTo=%2Faccount');
    await expect(page).toHaveURL(/\/login\?phone=600000003&redirectTo=%2Faccount$/);
    await page.goto('/policita-privacidad');
    await expect(page).toHaveURL(/\/politica-privacidad$/);
  });

  test('an unknown path answers HTTP 404 and shows the 404 page with a way home', async ({ page }) => {
    const response = await page.goto('/esto-no-existe');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: HTTP_MESSAGES.notFound.title })).toBeVisible();
    await expect(page.getByText(HTTP_MESSAGES.notFound.message)).toBeVisible();
    await page.getByRole('link', { name: SHELL_MESSAGES.goHome }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the mobile menu shows the visitor items and the contact links, and closes with Escape', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    // The pre-rendered page paints before the app loads: the menu is the app's, once it has taken the page over.
    await expect(page.locator('.header-account')).not.toBeEmpty();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: NAVIGATION_TEXTS.login })).toBeVisible();
    await expect(menu.getByRole('link', { name: NAVIGATION_TEXTS.createAccount })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Solicita tu préstamo' })).toHaveAttribute('href', '/login');
    await expect(menu.getByRole('link', { name: 'ayuda@prestamorapido.example' })).toHaveAttribute('href', /^mailto:/);
    await expect(menu.getByRole('link', { name: '910 000 000' })).toHaveAttribute('href', 'tel:+34910000000');
    const box = await page.locator('.mobile-menu').boundingBox();
    expect(box?.width).toBeLessThanOrEqual(400);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test("the footer's 'Configuración de cookies' reopens the cookie choices", async ({ page }) => {
    await page.goto('/');
    // The app has taken the pre-rendered page over (its header shows the login link): before that, the footer's link
    // is the build's plain link to the cookie policy page, which is what it does without JavaScript.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Inicia sesión' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Tu privacidad' })).toHaveCount(0); // a choice is stored
    await page.getByRole('contentinfo').getByRole('link', { name: 'Configuración de cookies' }).click();
    await expect(page.getByRole('dialog', { name: 'Tu privacidad' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('form pages hide the footer on mobile; other pages keep it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/login');
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await page.goto('/como-funciona');
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('the header hides on scroll down and shows again on scroll up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: SHELL_MESSAGES.homeTitle })).toBeVisible();
    const header = page.locator('.app-header');
    await expect(header).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).not.toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(header).toBeInViewport();
  });

  test('a 401 on a protected call clears the session and lands on login with redirectTo and the spec message', async ({
    page,
  }) => {
    const session = await openAs(page, '/', DEMO.systemApproved);
    await revoke(page.request, session); // the token dies on the server while the app still holds it
    await page.getByRole('link', { name: new RegExp(session.fullName) }).waitFor();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/account');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent('/account')}`);
    await expect(page.getByText(HTTP_MESSAGES.unauthorized.message)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: NAVIGATION_TEXTS.login })).toBeVisible();
  });

  test('logging out in one tab logs out every tab, which says so', async ({ context }) => {
    const first = await context.newPage();
    const session = await openAs(first, '/account', DEMO.securityCheckedDueIn3Days);
    const second = await context.newPage();
    await second.goto('/account');
    await expect(second.locator('.header-client-area .name-full')).toHaveText(session.fullName);

    await first.getByRole('banner').getByRole('button', { name: NAVIGATION_TEXTS.logout }).click();
    await expect(first).toHaveURL(/\/$/);
    await expect(second.getByText(SESSION_MESSAGES.loggedOutInAnotherTab)).toBeVisible();
    await expect(second.getByRole('heading', { name: SHELL_MESSAGES.loginRequired })).toBeVisible();
    await expect(second.getByRole('main').getByRole('link', { name: NAVIGATION_TEXTS.login })).toBeVisible();
    // The server revoked the token: it is refused from now on.
    const refused = await first.request.get('/api/membership/memberDetails', {
      headers: { authorization: `Bearer ${session.token}`, 'x-member-id': String(session.memberId) },
    });
    expect(refused.status()).toBe(401);
  });

  test('a call another tab sent before the logout, refused with the revoked token, does not send that tab to login', async ({
    context,
  }) => {
    test.setTimeout(60_000); // two pages on the shared machine, and a wait for what the second tab does
    const first = await context.newPage();
    const session = await openAs(first, '/account', DEMO.securityCheckedDueIn3Days);
    const second = await context.newPage();
    // The second tab's account page asks for the free call times ('Te llamamos'; a failure of that call goes to the
    // global handling), and the call reaches the server only once the logout has revoked the token.
    const callTimes = '/api/todo/getAvailableCallTimesByDates';
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (held = resolve));
    await second.route(`**${callTimes}**`, async (route) => {
      held();
      await released;
      await route.continue().catch(() => undefined); // the tab may have given the call up meanwhile
    });
    await second.goto('/account');
    await expect(second.locator('.header-client-area .name-full')).toHaveText(session.fullName);
    await holding;

    // The call's refusal reaches the second tab before the logout's answer reaches the first one.
    await first.route('**/api/membership/logout', async (route) => {
      const response = await route.fetch();
      const settled = new Promise<void>((resolve) => {
        second.on('response', (answer) => answer.url().includes(callTimes) && resolve());
        second.on('requestfailed', (request) => request.url().includes(callTimes) && resolve());
      });
      release();
      await settled;
      // Time for the second tab to act on the refusal before the logout goes on.
      await second.waitForURL(/\/login/, { timeout: 2_000 }).catch(() => undefined);
      await route.fulfill({ response });
    });
    await first.getByRole('banner').getByRole('button', { name: NAVIGATION_TEXTS.logout }).click();
    await expect(first).toHaveURL(/\/$/);

    await expect(second.getByText(SESSION_MESSAGES.loggedOutInAnotherTab)).toBeVisible();
    await expect(second.getByRole('heading', { name: SHELL_MESSAGES.loginRequired })).toBeVisible();
    await expect(second).toHaveURL(/\/account$/);
    await expect(second.getByText(HTTP_MESSAGES.unauthorized.message)).toHaveCount(0);
  });

  test('a logged-in customer reloading the page never sees the logged-out header', async ({ page }) => {
    await openAs(page, '/', DEMO.systemApproved);
    // From the first DOM node of every document: note whether the login button (logged-out header) ever appears.
    await page.addInitScript(() => {
      const flags = window as unknown as { sawLoginButton?: boolean };
      flags.sawLoginButton = false;
      new MutationObserver(() => {
        if (document.querySelector('.header-login')) flags.sawLoginButton = true;
      }).observe(document, { subtree: true, childList: true });
    });
    await page.reload();
    await expect(page.locator('.header-client-area')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sawLoginButton?: boolean }).sawLoginButton)).toBe(false);
  });
});
