// Playwright's own test (not ./fixtures.ts): every test starts in a fresh context where nothing was decided.
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { acceptCookies, ALL_COOKIES, withCookieConsent } from './cookie-consent.ts';

/**
 * The product's own analytics in a real browser (issue 23 §8): with the analytics permission of the cookie consent a
 * page view reaches POST /api/analytics/events and is counted (sandbox GET /sandbox/analytics/counts); before the
 * choice, and without that permission, nothing is posted.
 */

const ANALYTICS_PATH = '/api/analytics/events';

function analyticsRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === ANALYTICS_PATH) requests.push(request);
  });
  return requests;
}

/** Today's count of a page view or event (other tests of the run may add to it: compare, never expect a number). */
async function countOf(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get(`/sandbox/analytics/counts?name=${encodeURIComponent(name)}`);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { count: number }[] };
  return data.reduce((sum, row) => sum + row.count, 0);
}

const howItWorksLink = (page: Page) => page.locator('header a[href="/como-funciona"]').first();

test.describe('analytics', () => {
  test('with analytics consent a page view reaches the server and is counted; the view before the choice is dropped', async ({
    page,
    request,
  }) => {
    const before = await countOf(request, '/como-funciona');
    const posted = analyticsRequests(page);
    await page.goto('/');
    await acceptCookies(page);
    const sent = page.waitForRequest((candidate) => new URL(candidate.url()).pathname === ANALYTICS_PATH);
    await howItWorksLink(page).click();
    await expect(page).toHaveURL('/como-funciona');
    const post = await sent;
    const answer = await post.response();
    expect(answer?.status()).toBe(200);
    const body = post.postDataJSON() as { clientId: string; items: { kind: string; name: string }[] };
    // The home page was viewed before the choice: it is not sent afterwards.
    expect(body.items.map(({ kind, name }) => ({ kind, name }))).toEqual([{ kind: 'page', name: '/como-funciona' }]);
    expect(body.clientId).toMatch(/^[\w-]{8,}$/);
    expect(post.headers()['client-unique']).toBe(body.clientId);
    expect(posted).toHaveLength(1);
    await expect.poll(() => countOf(request, '/como-funciona')).toBeGreaterThan(before);
  });

  test('without the analytics permission nothing is posted, not even when the page goes away', async ({
    page,
    context,
  }) => {
    await withCookieConsent(context, { ...ALL_COOKIES, analyticsPerformance: false });
    const posted = analyticsRequests(page);
    await page.goto('/');
    await howItWorksLink(page).click();
    await expect(page).toHaveURL('/como-funciona');
    // The page goes away: pagehide sends at once whatever the sink holds (with consent, the two views).
    await page.goto('about:blank');
    expect(posted).toEqual([]);
  });
});
