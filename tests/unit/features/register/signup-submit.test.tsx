import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setAnalyticsConsent, setAnalyticsSink } from '../../../../src/lib/analytics/analytics.ts';
import { campaignParametersAtom, sessionAtom, signupFormAtom } from '../../../../src/lib/storage/atoms.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { businessErrorCodes } from '../../../../src/shared/api/business-error-codes.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import {
  configureTestApi,
  freshStore,
  renderRegister,
  spyOnScrollIntoView,
  storeSignup,
  validStoredSignup,
} from './register-harness.tsx';

/**
 * Submitting the signup form against a local HTTP server answering as the API does: the marketing confirm, the
 * payload, each register error of first document §8, and a successful registration.
 */

const SIGNUP_URL = '/registro/datos-personales?skipPhoneCheck=true';
let server: TestServer;
let answer: (response: ServerResponse) => void;

const registered = {
  token: 'header.payload.signature',
  customerDetails: {
    ...memberDetails({ id: 77, status: 'new', phone: '612345678', firstName: 'Lucía' }),
    passwordRequired: false,
  },
  hint: 'c2VjcmV0LWhpbnQ',
};

function businessError(code: keyof typeof businessErrorCodes, message?: string) {
  const known = businessErrorCodes[code];
  return (response: ServerResponse) =>
    json(response, 422, {
      errors: [{ code: { name: code, value: known.value }, message: message ?? known.message, title: known.title }],
    });
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  closeAllDialogs();
});
beforeEach(() => {
  spyOnScrollIntoView();
  server.requests = [];
  answer = (response) => json(response, 200, { data: registered });
  server.handler = (request, response) => {
    if (request.url === '/api/customer/light/register' && request.method === 'POST') return answer(response);
    return json(response, 404, {});
  };
  configureTestApi(server);
});

const registerRequests = (): SeenRequest[] =>
  server.requests.filter((request) => request.url === '/api/customer/light/register');
/** A successful registration ends on /otp (after the session is stored): wait for it, so nothing outlives the test. */
const landedOnOtp = () => waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/otp\?q=/));

async function closeDialog(user: ReturnType<typeof userEvent.setup>, name?: RegExp) {
  const dialog = await screen.findByRole('alertdialog', name ? { name } : {});
  await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
}

const sentBody = (index = 0) =>
  JSON.parse(registerRequests()[index]?.body.toString() ?? '{}') as Record<string, unknown>;

/** A form kept on the device with everything valid; the customer types the passwords and submits. */
async function fillAndSubmit(store: AppStore, overrides: Record<string, unknown> = {}) {
  await storeSignup(store, validStoredSignup(overrides));
  await renderRegister(store, SIGNUP_URL);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Contraseña/), 'clave1234');
  await user.type(screen.getByLabelText(/^Repite la contraseña/), 'clave1234');
  await user.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
  return user;
}

async function answerMarketingConfirm(user: ReturnType<typeof userEvent.setup>, button: '¡Sí!' | 'No') {
  const dialog = await screen.findByRole('alertdialog', { name: /¡Estamos en contacto!/ });
  await user.click(within(dialog).getByRole('button', { name: button }));
}

describe('signup submit: marketing consent', () => {
  it("without marketing consent '¡Estamos en contacto!' asks first; '¡Sí!' sends acceptAgreement true", async () => {
    const store = await freshStore();
    const user = await fillAndSubmit(store);
    expect(registerRequests()).toHaveLength(0);
    await answerMarketingConfirm(user, '¡Sí!');
    await waitFor(() => expect(registerRequests()).toHaveLength(1));
    expect(sentBody().acceptAgreement).toBe(true);
    await landedOnOtp();
  });

  it("'No' registers without marketing consent", async () => {
    const user = await fillAndSubmit(await freshStore());
    await answerMarketingConfirm(user, 'No');
    await waitFor(() => expect(registerRequests()).toHaveLength(1));
    expect(sentBody().acceptAgreement).toBe(false);
    await landedOnOtp();
  });

  it('with marketing consent ticked no confirm is shown', async () => {
    await fillAndSubmit(await freshStore(), { acceptAgreement: true });
    await waitFor(() => expect(registerRequests()).toHaveLength(1));
    expect(screen.queryByRole('alertdialog', { name: /¡Estamos en contacto!/ })).not.toBeInTheDocument();
    await landedOnOtp();
  });
});

describe('signup submit: the payload', () => {
  it("sends the spec's signup payload with the campaign's uId, companyName only for fullTimeEmployed", async () => {
    const store = await freshStore();
    await store.set(campaignParametersAtom, { uid: 'aff-42', utm_campaign: 'verano', history: [] });
    await fillAndSubmit(store, {
      acceptAgreement: true,
      companyName: 'Talleres Pérez',
      nationalID: '12345678z',
      mobilePhone: '612 345 678',
    });
    await waitFor(() => expect(registerRequests()).toHaveLength(1));
    const body = sentBody();
    expect(body).toEqual({
      firstName: 'Lucía',
      lastName: 'Fernández Gómez',
      emailAddress: 'lucia.fernandez@gmail.com',
      nationalID: '12345678Z',
      birthDate: validStoredSignup().birthDate,
      mobilePhone: '612345678',
      employmentStatus: 'selfEmployed',
      monthlyIncome: 1500,
      password: 'clave1234',
      password2: 'clave1234',
      acceptPolicy: true,
      acceptAgreement: true,
      uId: 'aff-42',
    });
    expect(registerRequests()[0]?.headers['content-type']).toMatch(/application\/json/);
    await landedOnOtp();
  });

  it('sends companyName for fullTimeEmployed', async () => {
    await fillAndSubmit(await freshStore(), {
      acceptAgreement: true,
      employmentStatus: 'fullTimeEmployed',
      companyName: 'Talleres Pérez',
      monthlyIncome: '0',
    });
    await waitFor(() => expect(registerRequests()).toHaveLength(1));
    expect(sentBody()).toMatchObject({
      employmentStatus: 'fullTimeEmployed',
      companyName: 'Talleres Pérez',
      monthlyIncome: 0,
    });
    await landedOnOtp();
  });
});

describe('signup submit: register errors (first document §8)', () => {
  for (const code of ['InvalidEmail', 'InvalidEmailWithUpdateRequest', 'EmailNotAvailable'] as const) {
    it(`${code}: a modal with the message and the message on emailAddress`, async () => {
      answer = businessError(code);
      const user = await fillAndSubmit(await freshStore(), { acceptAgreement: true });
      expect(await screen.findByRole('alertdialog')).toHaveTextContent(businessErrorCodes[code].message);
      await closeDialog(user);
      const email = screen.getByRole('textbox', { name: /^Email/ });
      expect(email).toHaveAccessibleDescription(businessErrorCodes[code].message);
      await waitFor(() => expect(email).toHaveFocus());
    });
  }

  it('DNINotValid: a modal and the message on nationalID', async () => {
    answer = businessError('DNINotValid');
    const user = await fillAndSubmit(await freshStore(), { acceptAgreement: true });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Por favor, introduce un DNI/NIE válido.');
    await closeDialog(user);
    expect(screen.getByRole('textbox', { name: /^DNI\/NIE/ })).toHaveAccessibleDescription(
      /Por favor, introduce un DNI\/NIE válido\./,
    );
  });

  it("CustomerAlreadyRegistered: a confirm dialog whose 'Inicia sesión' goes to login with the phone", async () => {
    answer = businessError('CustomerAlreadyRegistered');
    const user = await fillAndSubmit(await freshStore(), { acceptAgreement: true });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(businessErrorCodes.CustomerAlreadyRegistered.message);
    await user.click(within(dialog).getByRole('button', { name: 'Inicia sesión' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login?phone=612345678'));
  });

  it("any other code: a modal titled 'Aviso' with the message, and the form kept", async () => {
    answer = businessError('EligibleAgeError', 'No cumples los requisitos de edad.');
    const user = await fillAndSubmit(await freshStore(), { acceptAgreement: true });
    expect(await screen.findByRole('alertdialog', { name: /Aviso/ })).toHaveTextContent(
      'No cumples los requisitos de edad.',
    );
    await closeDialog(user);
    expect(screen.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Lucía');
    expect(screen.getByLabelText(/^Contraseña/)).toHaveValue('clave1234');
  });

  it("an answer the global catalogue passes through (400) gets an 'Aviso' modal too", async () => {
    answer = (response) =>
      json(response, 400, {
        errors: [
          {
            code: { name: 'ValidationError', value: 400 },
            message: 'Los datos enviados no son válidos.',
            title: 'Aviso',
          },
        ],
      });
    await fillAndSubmit(await freshStore(), { acceptAgreement: true });
    expect(await screen.findByRole('alertdialog', { name: /Aviso/ })).toHaveTextContent(
      'Los datos enviados no son válidos.',
    );
  });
});

describe('signup submit: success', () => {
  it('starts the session (status new), clears the kept values and goes to /otp?q=<hint>', async () => {
    const store = await freshStore();
    const events: [string, unknown][] = [];
    setAnalyticsSink({ page: () => undefined, event: (name, props) => events.push([name, props]) });
    setAnalyticsConsent({
      strictlyNecessary: true,
      analyticsPerformance: true,
      functional: false,
      fullStoryVideo: false,
      advertisingPurposing: false,
    });
    await store.set(campaignParametersAtom, { utm_campaign: 'verano', history: [] });
    await fillAndSubmit(store, { acceptAgreement: true });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/otp?q=c2VjcmV0LWhpbnQ'));
    const session = await store.get(sessionAtom);
    expect(session?.token).toBe('header.payload.signature');
    expect(session?.memberDetails).toMatchObject({ id: 77, status: 'new', phone: '612345678' });
    expect(await store.get(signupFormAtom)).toBeNull();
    // The register landing page is recorded (analytics, with consent), without personal data.
    expect(events).toEqual([['register', { landingPage: '/otp', entry: 'direct', campaign: 'verano' }]]);
    setAnalyticsSink(null);
    setAnalyticsConsent(null);
  });
});
