import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import UnsubscribePage from '../../../../src/features/unsubscribe/UnsubscribePage.tsx';
import { configureTestApi } from '../../harness/api.ts';
import { apiErrorOf } from '../../../../src/shared/api/errors.ts';
import { CONTACT } from '../../../../src/lib/lender.ts';
import { UNSUBSCRIBE_DELAY_MS } from '../../../../src/shared/constants.ts';
import { UNSUBSCRIBE_TEXTS } from '../../../../src/shared/messages-identity.ts';
import { routes } from '../../../../src/shared/routes/table.ts';
import { json, startTestServer, type TestServer } from '../../lib/api/test-server.ts';

/**
 * /unsubscribe?camp&key&userTo (first document §2, §8): waits 1 s, posts CommMarketingUnsubscribePost, thanks; a
 * failure is only logged (no global dialog); a link without its values posts nothing.
 */

const UNSUBSCRIBE_PATH = '/api/communication/unsubscribe';
let server: TestServer;
const onGlobalFailure = vi.fn();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.requests = [];
  server.handler = (_request, response) => json(response, 200, { data: true });
  onGlobalFailure.mockReset();
  configureTestApi(server, { onGlobalFailure });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function open(query: string) {
  render(
    <MemoryRouter initialEntries={[`/unsubscribe${query}`]}>
      <UnsubscribePage />
    </MemoryRouter>,
  );
}

const posted = () => server.requests.filter((request) => request.url === UNSUBSCRIBE_PATH);
const bodyOf = (index: number) => JSON.parse(posted()[index]?.body.toString() ?? 'null') as unknown;

/** The page's 1 s wait passes (fake clock); then real timers, so the HTTP round trip and waitFor run. */
async function waitTheDelay(): Promise<void> {
  await act(async () => vi.advanceTimersByTime(UNSUBSCRIBE_DELAY_MS));
  vi.useRealTimers();
}

describe('a complete unsubscribe link', () => {
  const link = '?camp=spring-2026&key=k-81f3&userTo=maria%40correo.es';

  it('posts nothing during the first second, then the spec payload, and shows the thank-you', async () => {
    open(link);
    expect(screen.getByRole('heading', { level: 1, name: routes.unsubscribe.title })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Estamos procesando tu solicitud');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await act(async () => vi.advanceTimersByTime(UNSUBSCRIBE_DELAY_MS - 1));
    expect(fetchSpy).not.toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTime(1));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]?.method).toBe('POST');
    expect(bodyOf(0)).toEqual({
      campaignId: 'spring-2026',
      userKey: 'k-81f3',
      userTo: 'maria@correo.es',
      communicationType: 'email',
    });
    expect(await screen.findByText(UNSUBSCRIBE_TEXTS.success)).toBeInTheDocument();
  });

  it('a failure shows no dialog and does not claim success: a neutral message, e-mail help and a retry', async () => {
    server.handler = (_request, response) => json(response, 500, { errors: [] });
    open(link);
    await waitTheDelay();
    expect(await screen.findByText(/No hemos podido procesar tu solicitud/)).toBeInTheDocument();
    expect(screen.queryByText(UNSUBSCRIBE_TEXTS.success)).toBeNull();
    expect(screen.getByRole('link', { name: CONTACT.email })).toHaveAttribute('href', `mailto:${CONTACT.email}`);
    expect(onGlobalFailure).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledWith('Unsubscribe failed', expect.anything());

    server.handler = (_request, response) => json(response, 200, { data: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(screen.getByRole('status')).toHaveTextContent('Estamos procesando tu solicitud');
    await waitTheDelay();
    await waitFor(() => expect(posted()).toHaveLength(2));
    expect(await screen.findByText(UNSUBSCRIBE_TEXTS.success)).toBeInTheDocument();
  });

  it('a link the server refuses (UnsubscribeLinkNotValid) shows its message, without a retry', async () => {
    const refusal = apiErrorOf('UnsubscribeLinkNotValid');
    server.handler = (_request, response) => json(response, 422, { errors: [refusal] });
    open(link);
    await waitTheDelay();
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(onGlobalFailure).not.toHaveBeenCalled();
  });
});

describe('an incomplete link', () => {
  it.each([
    ['no parameters', ''],
    ['no userTo', '?camp=spring&key=k1'],
    ['no camp', '?key=k1&userTo=a%40b.es'],
    ['an empty key', '?camp=spring&key=%20&userTo=a%40b.es'],
  ])('%s: nothing is ever posted and a Spanish message explains it', async (_label, query) => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    open(query);
    expect(screen.getByRole('status')).toHaveTextContent(
      'El enlace para darte de baja no está completo: ábrelo de nuevo desde el último correo que te enviamos.',
    );
    await act(async () => vi.advanceTimersByTime(5 * UNSUBSCRIBE_DELAY_MS));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.queryByText(UNSUBSCRIBE_TEXTS.success)).toBeNull();
  });
});
