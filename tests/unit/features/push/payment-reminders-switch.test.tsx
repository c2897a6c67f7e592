import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { PaymentRemindersSwitch } from '../../../../src/features/push/PaymentRemindersSwitch.tsx';
import { PUSH_SUBSCRIPTION_MESSAGES } from '../../../../src/shared/push.ts';
import { memberDetails } from '../../helpers/members.ts';
import { configureTestApi, json, startTestServer, type TestServer } from '../../harness/api.ts';
import { freshStore } from '../../harness/render-at-route.tsx';

/**
 * 'Recordatorios de pago' against a real local HTTP server (the API) and a fake browser push stack (jsdom has none):
 * permission only from the switch, subscribe, save on the server; off unsubscribes on both sides; the timeout path.
 */

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const subscriptionJson = {
  endpoint: 'https://push.example.net/send/abc',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

let server: TestServer;
let permission: NotificationPermission;
let requestPermission: ReturnType<typeof vi.fn>;
let current: {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer };
  toJSON: () => unknown;
  unsubscribe: ReturnType<typeof vi.fn>;
} | null;
let subscribe: Mock<(options: { applicationServerKey: Uint8Array }) => Promise<unknown>>;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(cleanup);

beforeEach(async () => {
  server.requests = [];
  server.handler = (request, response) => {
    if (request.url === '/api/communication/push/publicKey')
      return json(response, 200, { data: { publicKey: PUBLIC_KEY } });
    if (request.url === '/api/communication/push/subscription') return json(response, 200, { data: true });
    return json(response, 404, {});
  };
  // The calls go as this member (the switch itself reads no session).
  configureTestApi(server, { store: await freshStore({ member: memberDetails({ id: 5 }) }) });
  permission = 'default';
  requestPermission = vi.fn(async () => (permission = 'granted'));
  current = null;
  subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
    current = {
      endpoint: subscriptionJson.endpoint,
      options: { applicationServerKey: options.applicationServerKey.buffer as ArrayBuffer },
      toJSON: () => subscriptionJson,
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    };
    return current;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
});
afterEach(() => vi.unstubAllGlobals());

async function renderSwitch() {
  await act(async () => {
    render(<PaymentRemindersSwitch />);
  });
  const control = screen.getByRole('switch', { name: 'Recordatorios de pago' });
  await waitFor(() => expect(control).not.toBeDisabled());
  return control;
}

describe("'Recordatorios de pago'", () => {
  it('asks nothing on load; turning it on asks permission, subscribes with the server key and saves it', async () => {
    const control = await renderSwitch();
    expect(requestPermission).not.toHaveBeenCalled();
    expect(control).not.toBeChecked();

    await userEvent.setup().click(control);
    await waitFor(() => expect(control).toBeChecked());
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    const saved = server.requests.find((r) => r.method === 'POST');
    expect(saved?.headers['authorization']).toBe('Bearer token-of-5');
    expect(JSON.parse(saved?.body.toString() ?? '{}')).toEqual(subscriptionJson);
    expect(screen.getByText(/Te avisaremos en este dispositivo/)).toBeInTheDocument();
  });

  it('turning it off unsubscribes the browser and deletes the subscription on the server', async () => {
    permission = 'granted';
    await subscribe({ applicationServerKey: new Uint8Array(65) });
    const control = await renderSwitch();
    await waitFor(() => expect(control).toBeChecked());

    await userEvent.setup().click(control);
    await waitFor(() => expect(control).not.toBeChecked());
    const deleted = server.requests.find((r) => r.method === 'DELETE');
    expect(JSON.parse(deleted?.body.toString() ?? '{}')).toEqual({ endpoint: subscriptionJson.endpoint });
  });

  it('a push service that never answers gives up after the timeout with the Spanish message', async () => {
    subscribe.mockImplementation(() => new Promise(() => undefined));
    const control = await renderSwitch();
    // Fake timers that also follow real time: the API call for the key is a real HTTP round trip.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      await act(async () => {
        control.click();
        await vi.waitFor(() => expect(subscribe).toHaveBeenCalled());
        await vi.advanceTimersByTimeAsync(9_800); // waitFor's polling already moved the clock a little
      });
      expect(screen.queryByText(PUSH_SUBSCRIPTION_MESSAGES.timeout)).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300);
      });
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText(PUSH_SUBSCRIPTION_MESSAGES.timeout)).toBeInTheDocument();
    expect(control).not.toBeChecked();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('service workers refused by the browser: the switch says reminders are not available, never stays busy', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: async () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      },
    });
    await act(async () => {
      render(<PaymentRemindersSwitch />);
    });
    expect(await screen.findByText(PUSH_SUBSCRIPTION_MESSAGES.unsupported)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Recordatorios de pago' })).toBeDisabled();
  });

  it('blocked notifications: the switch is disabled and says how to allow them', async () => {
    permission = 'denied';
    await act(async () => {
      render(<PaymentRemindersSwitch />);
    });
    expect(await screen.findByText(PUSH_SUBSCRIPTION_MESSAGES.denied)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Recordatorios de pago' })).toBeDisabled();
  });
});
