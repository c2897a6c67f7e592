import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import type { ServerResponse } from 'node:http';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import LoanApplyPage from '../../../../src/features/loan-request/LoanApplyPage.tsx';
import LoanRequestPage from '../../../../src/features/loan-request/LoanRequestPage.tsx';
import { configureTestApi } from '../../harness/api.ts';
import { cancelScheduledDrafts } from '../../../../src/lib/loan-flow/saved-flow.ts';
import { onlineAtom } from '../../../../src/lib/pwa/network-status.ts';
import { startSession } from '../../../../src/lib/session/session.ts';
import { calculatorChoiceAtom, loanFlowIdsAtom, persistedAtoms } from '../../../../src/lib/storage/atoms.ts';
import { loanFlowAtom, type SavedLoanFlow } from '../../../../src/lib/storage/loan-flow-atom.ts';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import { hydrate } from '../../../../src/lib/storage/persisted-atom.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { closeAllDialogs } from '../../../../src/lib/ui/dialog-store.ts';
import { clearToasts } from '../../../../src/lib/ui/toast-store.ts';
import { ToastHost } from '../../../../src/lib/ui/ToastHost.tsx';
import { businessErrorCodes } from '../../../../src/shared/api/business-error-codes.ts';
import { addDaysIso, formatDate, isWeekendIso } from '../../../../src/shared/dates.ts';
import { defaultFlow } from '../../../../src/shared/loan/payment-dates.ts';
import { firstRepaymentWindow } from '../../../../src/shared/loan/repayment-window.ts';
import { todayInMadrid } from '../../../../src/shared/madrid-today.ts';
import { memberDetails } from '../../helpers/members.ts';
import { choose, createdCard } from '../cards/cards-harness.tsx';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/**
 * The loan request page (second document §2, §4, §5, §8) against a local HTTP server standing in for the API:
 * banners, options, rules, the saved flow by `l`, redirects and RequestLoanPost outcomes.
 */

const MEMBER = memberDetails({ id: 4, status: 'systemApproved' });
const ACCOUNT_1 = { accountId: 11, accountNumber: 'ES9121000418450200051332', bankValue: 'CaixaBank' };
const ACCOUNT_2 = { accountId: 12, accountNumber: 'ES7921000813610123456789', bankValue: 'Santander' };

let server: TestServer;
let store: AppStore;

interface Api {
  limit: number;
  /** CreditLimitGet's miniAvailableLimit, in euros. */
  miniLimit: number;
  /** PaymentPlansPost prices a minipréstamo as the interest-free first loan. */
  miniInterestFree: boolean;
  holidays: string[];
  accounts: Array<typeof ACCOUNT_1>;
  cards: Array<{ id: number; maskedCardNumber: string; cardStatus: string }>;
  permissions: unknown[];
  customer: { isRtb: boolean; isBlacklist: boolean; status: string };
  loans: unknown[];
  restructured: { hasRestructuredLoan: boolean; canRequestLoan: boolean };
  requestLoan: (response: ServerResponse) => void;
  plansDelayMs: number;
  draft: unknown;
  /** The journey's loan in application (null: none). */
  journeyLoanStatus: 'requested' | 'agreementAssigned' | null;
  /** JourneyGet loses its connection while true. */
  journeyDown: boolean;
  /** LoanOfferDocumentsPost answers the offer's documents, or fails. */
  offerDocumentsFail: boolean;
}
let api: Api;

function account(item: typeof ACCOUNT_1) {
  return {
    ...item,
    status: 'active',
    latestLoanDate: null,
    loanCount: 0,
    salaryCount: 3,
    transactionCount: 40,
    transactions: [],
  };
}

function plan(amount: number, dates: string[]) {
  const n = dates.length;
  const base = Math.round((amount / n) * 100) / 100;
  const interest = 50;
  return {
    installments: dates.map((date) => ({
      initialBase: base,
      initialCalculatedInterest: interest,
      expectedDate: date,
      totalPayment: Math.round((base + interest) * 100) / 100,
    })),
    loanDefinition: {
      id: 1,
      code: 'STD',
      version: 1,
      product: 'installment',
      name: 'Estándar',
      monthlyRateBasisPoints: 611,
      minAmount: 2000,
      maxAmount: 5000,
      amountStep: 500,
      minInstallments: 12,
      maxInstallments: 24,
      installmentsStep: 4,
      representativeExample: { amount: 2500, installments: 12 },
    },
    totalInstallmentDays: 365,
    taePercent: 103.7,
    interestFree: false,
  };
}

/** A minipréstamo's plan as the server prices it: 0,75 % a day from the issue date, or 0 % for a first loan. */
function miniPlan(amount: number, issueDate: string, [date]: string[]) {
  const days = Math.round((Date.parse(date!) - Date.parse(issueDate)) / 86_400_000);
  const interest = api.miniInterestFree ? 0 : Math.round(amount * 0.0075 * days * 100) / 100;
  return {
    installments: [
      { initialBase: amount, initialCalculatedInterest: interest, expectedDate: date, totalPayment: amount + interest },
    ],
    loanDefinition: {
      id: 2,
      code: 'MINI',
      version: 1,
      product: 'mini',
      name: 'Minipréstamo',
      minAmount: 100,
      maxAmount: 600,
      amountStep: 50,
      dailyRateBasisPoints: 75,
      defaultTermDays: 20,
      firstLoanFreeMax: 300,
      representativeExample: { amount: 300, termDays: 20 },
    },
    totalInstallmentDays: days,
    taePercent: 0,
    interestFree: api.miniInterestFree,
  };
}

const loanResult =
  (result: string, subReason: string | null = null) =>
  (response: ServerResponse) =>
    json(response, 200, {
      data: {
        result,
        subReason,
        message: result === 'failed' ? 'No se ha podido tramitar tu solicitud.' : 'OK',
        journey: {
          documents: [],
          cardProvided: false,
          loanDetails: { loanId: 77, loanAmount: 2500, status: 'requested' },
        },
      },
    });

function businessError(code: keyof typeof businessErrorCodes) {
  const known = businessErrorCodes[code];
  return (response: ServerResponse) =>
    json(response, 422, {
      errors: [{ code: { name: code, value: known.value }, message: known.message, title: 'Aviso' }],
    });
}

function handle(request: SeenRequest, response: ServerResponse) {
  const path = request.url.split('?')[0];
  switch (path) {
    case '/api/customer/creditlimit':
      return json(response, 200, { data: { availableLimit: api.limit, miniAvailableLimit: api.miniLimit } });
    case '/api/loan/hollidays':
      return json(response, 200, { data: api.holidays });
    case '/api/bankscraper/getAccountWithBankDetails':
      return json(response, 200, { data: api.accounts.map(account) });
    case '/api/card/createAndValidate':
      // The add-card modal's card (a frictionless card: added at once).
      api.cards = [...api.cards, { id: 31, maskedCardNumber: '411111******1111', cardStatus: 'Valid' }];
      return createdCard()(response);
    case '/api/card/customer/mini':
      return json(response, 200, {
        data: api.cards.map((card) => ({ ...card, cardSubStatus: null, isActive: true })),
      });
    case '/api/communication/checkPermissions':
      return json(response, 200, { data: api.permissions });
    case '/api/customer/customer':
      return json(response, 200, {
        data: {
          id: 4,
          status: api.customer.status,
          memberDetails: MEMBER,
          isRtb: api.customer.isRtb,
          isBlacklist: api.customer.isBlacklist,
          additionalField: 'REF4',
          firstName: 'Javier',
          lastName: 'Martín',
          email: 'javier@example.com',
          phone: '600000004',
          gender: null,
          dni: '12345678Z',
          birthDate: '1990-01-01',
          address: null,
        },
      });
    case '/api/loan/customerLoansByStatus':
      return json(response, 200, { data: api.loans });
    case '/api/loan/checkLoanByRestructured':
      return json(response, 200, { data: api.restructured });
    case '/api/loan/paymentPlans': {
      const items = JSON.parse(request.body.toString()) as Array<{
        product?: string;
        amount: number;
        issueDate: string;
        paymentDates: string[];
      }>;
      const priced = items.map((item) =>
        item.product === 'mini'
          ? miniPlan(item.amount, item.issueDate, item.paymentDates)
          : plan(item.amount, item.paymentDates),
      );
      setTimeout(() => json(response, 200, { data: priced }), api.plansDelayMs);
      return;
    }
    case '/api/loan/requestLoan':
      return api.requestLoan(response);
    case '/api/loan/makeLoanApplication':
      return json(response, 200, { data: true });
    case '/api/loan/continueLoanApplication':
      return json(response, 200, { data: api.draft });
    case '/api/loan/agreements/termsAndConditions':
      return json(response, 200, {
        data: {
          type: 'termsAndConditions',
          title: 'Términos y Condiciones',
          agreement: '<p>Texto de las condiciones</p>',
        },
      });
    case '/api/loan/agreements/preContractInformation':
      return json(response, 200, {
        data: {
          type: 'preContractInformation',
          title: 'Información normalizada europea sobre el crédito al consumo',
          agreement: '<h1>INE</h1>',
        },
      });
    case '/api/loan/agreement/77':
      return json(response, 200, {
        data: { title: 'Contrato de préstamo', agreement: '<h1>Contrato</h1>', loanId: 77 },
      });
    case '/api/loan/assignAgreement':
      api.journeyLoanStatus = 'agreementAssigned';
      return json(response, 200, { data: true });
    case '/api/loan/journey':
      if (api.journeyDown) return response.socket?.destroy();
      return json(response, 200, {
        data: {
          documents: [],
          cardProvided: false,
          loanDetails: api.journeyLoanStatus ? { loanId: 77, loanAmount: 2500, status: api.journeyLoanStatus } : null,
        },
      });
    case '/api/loan/agreements/loanExplanation':
      return json(response, 500, { errors: [] });
    case '/api/loan/offerDocuments': {
      if (api.offerDocumentsFail) return json(response, 500, { errors: [] });
      // Each document names the offer it was asked for, so the test sees which offer the modal showed.
      const offer = JSON.parse(request.body.toString()) as Record<string, unknown>;
      const about = `${String(offer['product'])} € en ${String(offer['installment'])} cuotas desde ${String(offer['firstRepaymentDate'])}`;
      return json(response, 200, {
        data: ['loanExplanation', 'termsAndConditions', 'preContractInformation', 'agreement'].map((type) => ({
          type,
          title: type === 'loanExplanation' ? 'Explicación del préstamo' : 'Términos y Condiciones',
          agreement: `<p>${type}: ${about}</p>`,
        })),
      });
    }
    case '/api/customer/communication':
      return json(response, 200, { data: true });
    case '/api/loan/loanApplicationScreens':
      return json(response, 200, { data: true });
    default:
      return json(response, 404, {});
  }
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

async function renderAt(url: string, page: 'loanRequest' | 'loanApply' = 'loanRequest') {
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback={<p>cargando</p>}>
            <Routes>
              <Route path="/loan-request" element={page === 'loanRequest' ? <LoanRequestPage /> : <Where />} />
              <Route path="/loan-apply" element={<LoanApplyPage />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </Suspense>
          <ToastHost />
        </MemoryRouter>
      </Provider>,
    );
  });
}

// Today is read where it is used: a run across midnight in Madrid must compare the same day.

/** A saved flow on the instalment loan (a new flow without a calculator choice starts as a minipréstamo). */
function savedFlow(overrides: Partial<SavedLoanFlow> = {}): SavedLoanFlow {
  return {
    id: 'flow0001',
    dto: { ...defaultFlow(todayInMadrid()) },
    formValues: { loanProduct: 'installment' },
    step: 'loanRequest',
    ...overrides,
  };
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  closeAllDialogs();
  clearToasts();
  cancelScheduledDrafts();
  vi.restoreAllMocks();
});
beforeEach(async () => {
  server.requests = [];
  api = {
    limit: 3000,
    miniLimit: 300,
    miniInterestFree: false,
    holidays: [],
    accounts: [ACCOUNT_1],
    cards: [],
    permissions: [{ customerId: 4, allowEmail: true, allowSms: false, allow3CxCalls: false, lastChoiceDate: null }],
    customer: { isRtb: false, isBlacklist: false, status: 'systemApproved' },
    loans: [],
    restructured: { hasRestructuredLoan: false, canRequestLoan: true },
    requestLoan: loanResult('success'),
    plansDelayMs: 0,
    draft: null,
    journeyLoanStatus: null,
    journeyDown: false,
    offerDocumentsFail: false,
  };
  server.handler = handle;
  await Promise.all(persistedAtoms.map((persisted) => storageBackend.del(persisted.key)));
  await storageBackend.del(loanFlowAtom('flow0001').key);
  store = createStore();
  await hydrate(store, persistedAtoms);
  store.set(onlineAtom, true);
  await startSession(store, { token: 'token-of-4', memberDetails: MEMBER });
  configureTestApi(server, { store });
});

const banner = (step: string) => screen.getByTestId(`banner-${step}`);
const next = () => screen.getByRole('button', { name: 'Siguiente' });
const requests = (path: string) => server.requests.filter((request) => request.url.split('?')[0] === path);
const where = () => screen.getByTestId('where').textContent;

async function openSaved(flow = savedFlow(), url = '/loan-request?l=flow0001') {
  await store.set(loanFlowAtom(flow.id), flow);
  await renderAt(url);
  await screen.findByRole('radio', { name: '2.500 €' });
}

async function fillToReady(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: '2.500 €' }));
  const twelve = await screen.findByRole('radio', { name: /^12 cuotas/ });
  await waitFor(() => expect(screen.getAllByText('al mes')).toHaveLength(4));
  await user.click(twelve);
}

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await fillToReady(user);
  await user.click(screen.getByRole('checkbox', { name: /He leído y acepto/ }));
}

describe('loan request: the add-card modal of the no-card notice (issue 23 §8)', () => {
  it('the notice is information until Siguiente; its button opens the card form in a modal; the added card is chosen', async () => {
    const user = userEvent.setup();
    await openSaved();
    const notice = screen.getByRole('note', { name: '' });
    expect(notice).toHaveClass('loan-no-card');
    expect(notice).toHaveAttribute('data-shown', 'false');
    await user.click(within(notice).getByRole('button', { name: 'Añadir mi tarjeta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añade tu tarjeta' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Número de tarjeta/ }), '4111111111111111');
    await choose(user, /Mes de caducidad/, '12');
    await choose(user, /Año de caducidad/, String(Number(todayInMadrid().slice(0, 4)) + 2));
    await user.type(within(dialog).getByRole('textbox', { name: /^CVV/ }), '123');
    await user.click(within(dialog).getByRole('checkbox', { name: /Acepto que se guarde esta tarjeta/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Añadir tarjeta' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Añade tu tarjeta' })).not.toBeInTheDocument());
    expect(await screen.findByText('Hemos añadido tu tarjeta.')).toBeInTheDocument();
    // The form read the cards again: the card step shows the new card, chosen, and the notice is gone.
    expect(await screen.findByRole('radio', { name: /1111/ })).toBeChecked();
    expect(document.querySelector('.loan-no-card')).toBeNull();
    expect(requests('/api/card/createAndValidate')).toHaveLength(1);
  });
});

describe('loan request: steps and banners', () => {
  it('shows the seven steps with their banners: the first incomplete active, filled ones success, the rest not yet', async () => {
    const user = userEvent.setup();
    api.cards = [{ id: 5, maskedCardNumber: '******1234567890', cardStatus: 'Valid' }];
    await openSaved();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      '1. Importe',
      '2. Fecha del primer pago',
      '3. Número de cuotas',
      '4. Cuenta bancaria',
      '5. Resumen del préstamo',
      '6. Tarjeta',
      '7. Condiciones',
    ]);
    const defaultDate = firstRepaymentWindow(todayInMadrid(), []).defaultDate;
    expect(banner('product')).toHaveTextContent('Selecciona el importe de tu préstamo.');
    expect(banner('product')).toHaveAttribute('data-state', 'active');
    expect(banner('firstRepaymentDate')).toHaveTextContent(`Pagarás el ${formatDate(defaultDate)}...`);
    expect(banner('firstRepaymentDate')).toHaveAttribute('data-state', 'success');
    // 12 instalments, the spec's default, are chosen from the start.
    expect(banner('installment')).toHaveAttribute('data-state', 'success');
    expect(screen.getByRole('radio', { name: /^12 cuotas/ })).toBeChecked();
    // The only account is chosen for the customer.
    expect(banner('accountId')).toHaveAttribute('data-state', 'success');
    expect(banner('acceptAgreement')).toHaveTextContent('Después aceptarás los Términos y Condiciones.');

    await user.click(screen.getByRole('radio', { name: '2.500 €' }));
    expect(banner('product')).toHaveTextContent('Has seleccionado 2.500€...');
    expect(banner('installment')).toHaveTextContent('Has elegido pagar en 12 cuotas...');
    expect(banner('creditSummary')).toHaveAttribute('data-state', 'success');
    expect(banner('cardId')).toHaveAttribute('data-state', 'active');
    await user.click(screen.getByRole('radio', { name: /\*\*\*\* \*\*12 3456 7890/ }));
    expect(banner('acceptAgreement')).toHaveTextContent('Acepta los Términos y Condiciones.');
    expect(banner('acceptAgreement')).toHaveAttribute('data-state', 'active');
    await user.click(screen.getByRole('checkbox', { name: /He leído y acepto/ }));
    expect(banner('acceptAgreement')).toHaveAttribute('data-state', 'success');
  });

  it('the form error list shows each field valid or invalid after a press on Siguiente', async () => {
    const user = userEvent.setup();
    await openSaved();
    await fillToReady(user);
    await user.click(next());
    const list = screen.getByRole('list', { name: 'Lo que falta para continuar' });
    // In words a customer reads: a done field by its name, a pending one by what is left to do (issue 23 §6; it read
    // «Términos y Condiciones: pendiente» before).
    const items = within(list).getAllByRole('listitem');
    expect(items.find((item) => item.textContent?.startsWith('Importe del préstamo'))).toHaveTextContent(
      /^Importe del préstamo: hecho$/,
    );
    expect(items.find((item) => item.dataset['valid'] === 'false')).toHaveTextContent(
      /^Acepta los Términos y Condiciones$/,
    );
    expect(list).not.toHaveTextContent(/pendiente|correcto/);
    expect(requests('/api/loan/requestLoan')).toHaveLength(0);
  });
});

describe('loan request: options', () => {
  it('offers 2500 … availableLimit + 500 in steps of 500 from CreditLimitGet', async () => {
    api.limit = 4000;
    await openSaved();
    const amounts = within(screen.getByRole('group', { name: 'Importe del préstamo' }))
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent);
    expect(amounts).toEqual(['2.500 €', '3.000 €', '3.500 €', '4.000 €', '4.500 €']);
  });

  it('four instalment options, only 12 enabled, the others disabled with the tooltip; one PaymentPlansPost of four plans, monthly amounts al mes', async () => {
    const user = userEvent.setup();
    await openSaved();
    await user.click(screen.getByRole('radio', { name: '2.500 €' }));
    await waitFor(() => expect(screen.getAllByText('al mes')).toHaveLength(4));
    expect(screen.getByRole('radio', { name: /^12 cuotas/ })).toBeEnabled();
    for (const count of [16, 20, 24]) {
      const option = screen.getByRole('radio', { name: new RegExp(`^${count} cuotas`) });
      expect(option).toBeDisabled();
      expect(option).toHaveAccessibleDescription(
        'Esta opción no está disponible por ahora según la última evaluación de tu perfil. Podrá estar disponible en una próxima solicitud.',
      );
    }
    const plans = requests('/api/loan/paymentPlans');
    expect(plans).toHaveLength(1);
    const body = JSON.parse(plans[0]!.body.toString()) as Array<{ amount: number; paymentDates: string[] }>;
    expect(body.map((item) => item.paymentDates.length)).toEqual([12, 16, 20, 24]);
    expect(body.every((item) => item.amount === 2500)).toBe(true);
    // 2500 / 12 = 208,33 + 50 interest = 258,33 € a month: integer and two-digit cents.
    // Integer and two-digit cents with 'al mes' (jsdom puts a space between the two styled parts).
    expect(screen.getByRole('radio', { name: /^12 cuotas 258 ?,33 € al mes$/ })).toBeInTheDocument();
  });

  it('dims the instalment options and disables Siguiente while the plans load', async () => {
    const user = userEvent.setup();
    api.plansDelayMs = 800;
    await openSaved();
    await user.click(screen.getByRole('radio', { name: '2.500 €' }));
    const block = screen.getByRole('group', { name: 'Número de cuotas' });
    expect(block).toHaveAttribute('data-loading', 'true');
    expect(block).toHaveAttribute('aria-busy', 'true');
    expect(next()).toBeDisabled();
    await waitFor(() => expect(block).toHaveAttribute('data-loading', 'false'));
  });

  it('the credit summary shows first payment, total interest, total to repay and the TAE', async () => {
    const user = userEvent.setup();
    await openSaved();
    await fillToReady(user);
    const summary = screen.getByText('Primera cuota').closest('dl')!;
    expect(summary).toHaveTextContent('Primera cuota258,33 €');
    expect(summary).toHaveTextContent('Intereses totales600,00 €');
    expect(summary).toHaveTextContent('Total a devolver3.099,96 €');
    expect(summary).toHaveTextContent(/TAE\d+,\d %/);
  });

  it('one account is shown read-only in groups of 4; several get a selector', async () => {
    await openSaved();
    expect(screen.getByText('ES91 2100 0418 4502 0005 1332')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cuenta bancaria/ })).not.toBeInTheDocument();
    cleanup();
    api.accounts = [ACCOUNT_1, ACCOUNT_2];
    await openSaved(savedFlow({ id: 'flow0002' }), '/loan-request?l=flow0002');
    expect(screen.getByRole('button', { name: /Cuenta bancaria/ })).toBeInTheDocument();
    expect(banner('accountId')).toHaveAttribute('data-state', 'notYet');
  });

  it("'Añadir nueva cuenta bancaria' only for an RTB securityChecked customer who is not blacklisted, keeping l", async () => {
    await openSaved();
    expect(screen.queryByRole('link', { name: 'Añadir nueva cuenta bancaria' })).not.toBeInTheDocument();
    cleanup();
    api.customer = { isRtb: true, isBlacklist: false, status: 'securityChecked' };
    await openSaved();
    expect(screen.getByRole('link', { name: 'Añadir nueva cuenta bancaria' })).toHaveAttribute(
      'href',
      '/bank-credentials?l=flow0001',
    );
  });

  it('cards are masked and grouped with a brand icon for numbers starting with 4; no card → the notice verbatim', async () => {
    await openSaved();
    expect(screen.getByRole('note')).toHaveTextContent(
      'No tienes una tarjeta válida registrada en nuestro sistema. Por favor, introduce los datos de tu tarjeta de débito.',
    );
    expect(screen.queryByRole('heading', { name: /Tarjeta/ })).not.toBeInTheDocument();
    cleanup();
    api.cards = [
      { id: 5, maskedCardNumber: '4111111111111111', cardStatus: 'Invalid' },
      { id: 6, maskedCardNumber: '******1234567890', cardStatus: 'Invalid' },
    ];
    await openSaved();
    expect(screen.getByRole('radio', { name: /\*\*\*\* \*\*11 1111 1111/ })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Visa' })).toHaveLength(1);
    expect(screen.getByRole('note')).toHaveTextContent(
      'No tienes una tarjeta válida registrada en nuestro sistema. Por favor, introduce los datos de tu tarjeta de débito o elige otra tarjeta.',
    );
  });

  it('acceptCommunications only with a non-empty preferences object; ACEPTAR TODO sets both; consents disabled until instalment and account', async () => {
    const user = userEvent.setup();
    await openSaved(savedFlow({ formValues: { product: 2500 } }));
    const all = screen.getByRole('checkbox', { name: 'ACEPTAR TODO' });
    expect(all).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Acepto recibir comunicaciones/ })).toBeDisabled();
    await fillToReady(user);
    await user.click(all);
    expect(screen.getByRole('checkbox', { name: /He leído y acepto/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Acepto recibir comunicaciones/ })).toBeChecked();
    cleanup();
    api.permissions = [];
    await openSaved();
    expect(screen.queryByRole('checkbox', { name: /Acepto recibir comunicaciones/ })).not.toBeInTheDocument();
  });
});

describe('loan request: where a new request starts', () => {
  it("starts from the home calculator's choice when the form offers it, until a request is sent with it", async () => {
    const user = userEvent.setup();
    await store.set(calculatorChoiceAtom, { amount: 3000, installments: 12 });
    await openSaved();
    expect(screen.getByRole('radio', { name: '3.000 €' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^12 cuotas/ })).toBeChecked();
    expect(document.querySelector('.loan-notice')).toBeNull();
    await waitFor(() => expect(screen.getAllByText('al mes')).toHaveLength(4));
    await user.click(screen.getByRole('checkbox', { name: /He leído y acepto/ }));
    await user.click(next());
    await screen.findByRole('dialog', { name: 'Tu contrato de préstamo' });
    expect(JSON.parse(requests('/api/loan/requestLoan')[0]!.body.toString())).toMatchObject({ product: 3000 });
    await waitFor(() => expect(store.get(calculatorChoiceAtom)).toBeNull());
  });

  it('says why in Spanish when the form cannot offer the choice: an amount below or above, 16 instalments', async () => {
    await store.set(calculatorChoiceAtom, { amount: 2000, installments: 16 });
    await openSaved();
    expect(screen.getAllByRole('radio', { checked: true }).map((radio) => radio.getAttribute('name'))).toEqual([
      'loanProduct',
      'installment',
    ]);
    expect(screen.getByRole('radio', { name: 'Préstamo a plazos' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^12 cuotas/ })).toBeChecked();
    expect(
      screen.getByText(
        'En la calculadora elegiste 2.000,00 €, pero una solicitud empieza en 2.500,00 €. Elige aquí el importe que necesitas.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'En la calculadora elegiste 16 cuotas, pero por ahora las solicitudes se ofrecen en 12 cuotas: las hemos seleccionado.',
      ),
    ).toBeInTheDocument();
    // Choosing an amount answers the notice.
    await userEvent.setup().click(screen.getByRole('radio', { name: '2.500 €' }));
    expect(screen.queryByText(/una solicitud empieza en/)).toBeNull();
    cleanup();

    // The limit (CreditLimitGet) bounds the amounts: 5.000 € is above what this customer may ask for.
    await store.set(calculatorChoiceAtom, { amount: 5000, installments: 12 });
    await openSaved(savedFlow({ id: 'flow0002' }), '/loan-request?l=flow0002');
    const highest = screen
      .getAllByRole('radio')
      .filter((radio) => radio.getAttribute('name') === 'product')
      .at(-1)!;
    expect(
      screen.getByText(
        new RegExp(
          `^En la calculadora elegiste 5\\.000,00 €, pero ahora puedes solicitar hasta ${highest.getAttribute('value')!.replace(/\B(?=(\d{3})+$)/g, '\\.')},00 €`,
        ),
      ),
    ).toBeInTheDocument();
  });

  it('a resumed flow keeps its own values: the calculator is not applied to it', async () => {
    await store.set(calculatorChoiceAtom, { amount: 3000, installments: 12 });
    await openSaved(savedFlow({ formValues: { product: 2500, installment: 12 } }));
    expect(screen.getByRole('radio', { name: '2.500 €' })).toBeChecked();
    expect(store.get(calculatorChoiceAtom)).toEqual({ amount: 3000, installments: 12 });
  });
});

describe('loan request: the minipréstamo (issue 25)', () => {
  const miniRadios = () =>
    screen
      .getAllByRole('radio')
      .filter((radio) => radio.getAttribute('name') === 'product')
      .map((radio) => radio.getAttribute('value'));

  it('the product switch: the minipréstamo offers 100 € up to its limit by 50 €, one payment on the date; the instalment loan its own amounts and counts', async () => {
    const user = userEvent.setup();
    api.miniLimit = 450;
    await renderAt('/loan-apply');
    expect(await screen.findByRole('radio', { name: 'Minipréstamo' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Minipréstamo' })).toHaveAccessibleDescription(
      'De 100 € a 450 €, en un solo pago',
    );
    expect(miniRadios()).toEqual(['100', '150', '200', '250', '300', '350', '400', '450']);
    expect(screen.getByRole('heading', { name: '3. Número de pagos' })).toBeInTheDocument();
    expect(banner('installment')).toHaveTextContent('Devolverás tu minipréstamo en un solo pago...');
    expect(screen.queryByRole('radio', { name: /cuotas/ })).toBeNull();
    // One PaymentPlansPost of one minipréstamo plan: 100 € on the date, 0,75 % a day.
    const date = workingDayOnOrAfter(addDaysIso(todayInMadrid(), 30));
    const days = Math.round((Date.parse(date) - Date.parse(todayInMadrid())) / 86_400_000);
    const total = (100 + 100 * 0.0075 * days).toFixed(2).replace('.', ',');
    expect(await screen.findByText(`${total} € el ${formatDate(date)}`)).toBeInTheDocument();
    // (A quote of the test before may still reach the server after the reset: only this form's are read.)
    const quotes = requests('/api/loan/paymentPlans')
      .map((request) => JSON.parse(request.body.toString()) as Array<{ amount: number }>)
      .filter((items) => items.some((item) => item.amount < 2500));
    expect(quotes).toEqual([[{ product: 'mini', amount: 100, issueDate: todayInMadrid(), paymentDates: [date] }]]);
    const summary = screen.getByText('Pago único').closest('dl')!;
    expect(summary).toHaveAttribute('aria-label', 'Resumen del minipréstamo');
    expect(within(summary).getByText('Fecha de devolución')).toBeInTheDocument();
    expect(within(summary).queryByText('Número de cuotas')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Préstamo a plazos' }));
    expect(miniRadios()).toEqual(['2500', '3000', '3500']);
    expect(screen.queryByRole('radio', { name: '100 €' })).toBeNull();
    expect(await screen.findByRole('radio', { name: /^12 cuotas/ })).toBeChecked();
    expect(screen.getByRole('heading', { name: '3. Número de cuotas' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '2.500 €' }));
    await waitFor(() => expect(screen.getAllByText('al mes')).toHaveLength(4));

    // Back to the minipréstamo: one payment again, the amount to choose (2.500 € is not a minipréstamo).
    await user.click(screen.getByRole('radio', { name: 'Minipréstamo' }));
    expect(screen.getAllByRole('radio', { checked: true }).map((radio) => radio.getAttribute('name'))).toEqual([
      'loanProduct',
    ]);
    expect(banner('product')).toHaveAttribute('data-state', 'active');
  });

  it("starts from the calculator's minipréstamo: its amount and its days as a working date; the 0 % first loan says what it costs if not repaid on the date", async () => {
    api.miniInterestFree = true;
    await store.set(calculatorChoiceAtom, { product: 'mini', amount: 300, installments: 12, days: 20 });
    await renderAt('/loan-apply');
    expect(await screen.findByRole('radio', { name: '300 €' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Minipréstamo' })).toBeChecked();
    const today = todayInMadrid();
    const date = workingDayOnOrAfter(addDaysIso(today, 20));
    expect(banner('firstRepaymentDate')).toHaveTextContent(`Pagarás el ${formatDate(date)}...`);
    // Interest if the 0 % lapses: 300 € × 0,75 % a day × the days to the date.
    const days = Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000);
    const lapsed = 300 * 0.0075 * days;
    const euros = (value: number) =>
      `${new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, useGrouping: 'always' }).format(value)} €`;
    expect(
      await screen.findByText(
        `Tu primer minipréstamo es sin intereses ni comisiones: devuelves 300,00 € el ${formatDate(date)}. Si no lo devuelves ese día, pierdes el 0 % y se aplican los intereses del minipréstamo: ${euros(lapsed)} de intereses, ${euros(300 + lapsed)} en total.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Intereses totales').nextElementSibling).toHaveTextContent('0,00 €');
  });

  it("a calculator's minipréstamo above the customer's minipréstamo limit says why and leaves the amount to choose", async () => {
    await store.set(calculatorChoiceAtom, { product: 'mini', amount: 500, installments: 12, days: 20 });
    await renderAt('/loan-apply');
    expect(await screen.findByRole('radio', { name: 'Minipréstamo' })).toBeChecked();
    expect(
      screen.getByText(
        'En la calculadora elegiste 500,00 €, pero ahora puedes solicitar hasta 300,00 €. Elige aquí el importe que necesitas.',
      ),
    ).toBeInTheDocument();
    expect(miniRadios()).toEqual(['100', '150', '200', '250', '300']);
    expect(screen.getAllByRole('radio', { checked: true }).map((radio) => radio.getAttribute('name'))).toEqual([
      'loanProduct',
    ]);
  });

  it('the documents and the request are the minipréstamo: loanProduct mini, one payment on the date; the flow keeps the product', async () => {
    const user = userEvent.setup();
    await renderAt('/loan-apply');
    await user.click(await screen.findByRole('radio', { name: '250 €' }));
    const id = (await store.get(loanFlowIdsAtom))['4']!;
    await waitFor(async () =>
      expect((await store.get(loanFlowAtom(id)))?.formValues).toMatchObject({ loanProduct: 'mini', product: 250 }),
    );
    await waitFor(
      () =>
        expect(JSON.parse(requests('/api/loan/makeLoanApplication').at(-1)?.body.toString() ?? '{}')).toMatchObject({
          formValues: { loanProduct: 'mini', product: 250, installment: 1 },
        }),
      { timeout: 3000 },
    );
    await waitFor(() => expect(screen.getByText('Pago único')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Explicación del préstamo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Explicación del préstamo' });
    await within(dialog).findByTitle('Explicación del préstamo');
    const date = workingDayOnOrAfter(addDaysIso(todayInMadrid(), 30));
    expect(JSON.parse(requests('/api/loan/offerDocuments')[0]!.body.toString())).toEqual({
      loanProduct: 'mini',
      product: 250,
      installment: 1,
      firstRepaymentDate: date,
      accountId: ACCOUNT_1.accountId,
      paymentDates: [date],
    });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('checkbox', { name: /He leído y acepto/ }));
    await user.click(next());
    await screen.findByRole('dialog', { name: 'Tu contrato de préstamo' });
    expect(JSON.parse(requests('/api/loan/requestLoan')[0]!.body.toString())).toMatchObject({
      loanProduct: 'mini',
      product: 250,
      installment: 1,
      firstRepaymentDate: date,
      paymentDates: [date],
    });
    cleanup();

    // Resumed: the same flow opens on the minipréstamo with its amount.
    await renderAt(`/loan-request?l=${id}`);
    expect(await screen.findByRole('radio', { name: '250 €' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Minipréstamo' })).toBeChecked();
  });
});

describe('loan request: first repayment date', () => {
  it('a saved date that is not selectable (a holiday) is cleared with an alert', async () => {
    const window = firstRepaymentWindow(todayInMadrid(), []);
    api.holidays = [window.defaultDate];
    await openSaved(savedFlow({ formValues: { loanProduct: 'installment', firstRepaymentDate: window.defaultDate } }));
    expect(screen.getByRole('alert')).toHaveTextContent('La fecha elegida no está disponible');
    expect(banner('firstRepaymentDate')).toHaveAttribute('data-state', 'notYet');
    expect(banner('firstRepaymentDate')).toHaveTextContent('Después elegirás la fecha de tu primer pago.');
  });

  it('weekends and holidays are not selectable in the calendar (weeks start on Monday)', async () => {
    const user = userEvent.setup();
    const window = firstRepaymentWindow(todayInMadrid(), []);
    api.holidays = [window.defaultDate];
    await openSaved();
    // The default moves off the holiday.
    const moved = firstRepaymentWindow(todayInMadrid(), api.holidays).defaultDate;
    expect(banner('firstRepaymentDate')).toHaveTextContent(`Pagarás el ${formatDate(moved)}...`);
    await user.click(screen.getByRole('button', { name: /Elegir fecha/ }));
    const grid = await screen.findByRole('grid');
    const weekdays = within(grid)
      .getAllByRole('columnheader', { hidden: true })
      .map((cell) => cell.textContent);
    expect(weekdays[0]).toMatch(/^lun/i);
    if (moved.slice(0, 7) !== window.defaultDate.slice(0, 7)) {
      await user.click(screen.getByRole('button', { name: 'Mes anterior' }));
    }
    const longDate = (iso: string) =>
      new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${iso}T00:00:00Z`),
      );
    const cell = (iso: string) =>
      within(screen.getByRole('grid')).getByRole('button', { name: new RegExp(`, ${longDate(iso)}`) });
    expect(cell(window.defaultDate)).toHaveAttribute('aria-disabled', 'true');
    // A weekend day of the window: never selectable.
    const weekend = [...Array(7).keys()]
      .map((offset) => addDaysIso(window.earliest, offset))
      .find((iso) => isWeekendIso(iso) && iso.slice(0, 7) === window.defaultDate.slice(0, 7));
    if (weekend) expect(cell(weekend)).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('loan request: Siguiente and RequestLoanPost', () => {
  it('Siguiente is disabled until instalment and account are chosen', async () => {
    const user = userEvent.setup();
    // A flow saved before its instalments were chosen (a new one starts with 12).
    await openSaved(savedFlow({ formValues: { product: 2500 } }));
    expect(screen.getByRole('radio', { name: /^12 cuotas/ })).not.toBeChecked();
    expect(next()).toBeDisabled();
    await fillToReady(user);
    expect(next()).toBeEnabled();
  });

  it.each(['success', 'successWithLimitUpdate', 'cardEntryRequired'])(
    'result %s opens the agreement step of the requested loan; Acepto, then the journey decides the next screen',
    async (result) => {
      const user = userEvent.setup();
      api.requestLoan = loanResult(result);
      await openSaved();
      await fillAll(user);
      await user.click(next());
      const dialog = await screen.findByRole('dialog', { name: 'Tu contrato de préstamo' });
      expect(
        await within(dialog).findByTitle('Información normalizada europea sobre el crédito al consumo'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Ver el contrato' }));
      await user.click(within(dialog).getByRole('button', { name: 'Acepto' }));
      await waitFor(() => expect(where()).toBe('/documents?l=flow0001'));
      const [assigned] = requests('/api/loan/assignAgreement');
      expect(JSON.parse(assigned!.body.toString())).toEqual({ loanId: 77, acceptAgreement: true });
      expect(assigned?.headers['idempotency-key']).toBeTruthy();
      // Once on opening the page (no loan in application), once after the acceptance.
      expect(requests('/api/loan/journey')).toHaveLength(2);
    },
  );

  it('a loan requested earlier whose agreement was not accepted opens its agreement step again', async () => {
    api.journeyLoanStatus = 'requested';
    await openSaved();
    expect(await screen.findByRole('dialog', { name: 'Tu contrato de préstamo' })).toBeInTheDocument();
    expect(requests('/api/loan/requestLoan')).toHaveLength(0);
  });

  it('the check lost for lack of connection is made again when the connection comes back: the agreement opens', async () => {
    api.journeyLoanStatus = 'requested';
    api.journeyDown = true;
    await openSaved();
    await waitFor(() => expect(requests('/api/loan/journey')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    api.journeyDown = false;
    // The connection goes and comes back until the failed check has seen it (once it has, it is made again once).
    const agreement = () => screen.queryByRole('dialog', { name: 'Tu contrato de préstamo' });
    for (let round = 0; round < 50 && !agreement(); round += 1) {
      act(() => store.set(onlineAtom, false));
      act(() => store.set(onlineAtom, true));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(agreement()).toBeInTheDocument();
    expect(requests('/api/loan/journey')).toHaveLength(2);
    expect(requests('/api/loan/requestLoan')).toHaveLength(0);
  });

  it('a loan whose agreement is accepted goes on to the next step of the journey', async () => {
    api.journeyLoanStatus = 'agreementAssigned';
    await store.set(loanFlowAtom('flow0001'), savedFlow());
    await renderAt('/loan-request?l=flow0001');
    await waitFor(() => expect(where()).toBe('/documents?l=flow0001'));
  });

  it('closing the agreement step keeps the requested loan: a button opens its agreement again', async () => {
    const user = userEvent.setup();
    await openSaved();
    await fillAll(user);
    await user.click(next());
    const dialog = await screen.findByRole('dialog', { name: 'Tu contrato de préstamo' });
    await within(dialog).findByRole('button', { name: 'Ver el contrato' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revisar y aceptar el contrato' }));
    expect(await screen.findByRole('dialog', { name: 'Tu contrato de préstamo' })).toBeInTheDocument();
    expect(requests('/api/loan/requestLoan')).toHaveLength(1);
  });

  it.each([
    ['failed', 'noValidAccount', '/loan-request/declined?l=flow0001'],
    ['failed', 'hasRestructuredLoan', '/loan-request/declined?l=flow0001'],
  ])('result %s (%s) goes to %s', async (result, subReason, to) => {
    const user = userEvent.setup();
    api.requestLoan = loanResult(result, subReason);
    await openSaved();
    await fillAll(user);
    await user.click(next());
    await waitFor(() => expect(where()).toBe(to));
    const [sent] = requests('/api/loan/requestLoan');
    expect(sent?.url).toBe('/api/loan/requestLoan?accountId=11');
    const body = JSON.parse(sent!.body.toString()) as Record<string, unknown>;
    expect(body).toMatchObject({ product: 2500, installment: 12, accountId: 11, acceptCommunications: false });
    expect(body.paymentDates).toHaveLength(12);
  });

  it('a failed result without a sub-reason shows its message as a warning', async () => {
    const user = userEvent.setup();
    api.requestLoan = loanResult('failed');
    await openSaved();
    await fillAll(user);
    await user.click(next());
    expect(await screen.findByText('No se ha podido tramitar tu solicitud.')).toBeInTheDocument();
  });

  it.each([
    ['CustomerBlacklisted', '/address-details/declined'],
    ['EligibleAgeError', '/dashboard/declined'],
    ['NotAllowedCustomerStatus', '/dashboard/declined'],
  ] as const)('%s goes to %s', async (code, to) => {
    const user = userEvent.setup();
    api.requestLoan = businessError(code);
    await openSaved();
    await fillAll(user);
    await user.click(next());
    await waitFor(() => expect(where()).toBe(to));
  });

  it('any other code is a warning with its message', async () => {
    const user = userEvent.setup();
    api.requestLoan = businessError('CreditLimitExceeded');
    await openSaved();
    await fillAll(user);
    await user.click(next());
    expect(await screen.findByText(businessErrorCodes.CreditLimitExceeded.message)).toBeInTheDocument();
  });

  it('a double press sends one request with one Idempotency-Key, and the button shows it is loading', async () => {
    const user = userEvent.setup();
    api.requestLoan = (response) => setTimeout(() => loanResult('success')(response), 600);
    await openSaved();
    await fillAll(user);
    await user.dblClick(next());
    await user.click(next());
    expect(next()).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('dialog', { name: 'Tu contrato de préstamo' })).toBeInTheDocument();
    const sent = requests('/api/loan/requestLoan');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['idempotency-key']).toBeTruthy();
  });

  it('offline: a press shows a clear message, sends nothing and keeps every value', async () => {
    const user = userEvent.setup();
    await openSaved();
    await fillAll(user);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    store.set(onlineAtom, false);
    await user.click(next());
    // Written under the button (the toast layer may not load offline) and as a toast.
    expect(
      await screen.findByText(/No tienes conexión a internet\. Tu solicitud no se ha enviado/, {
        selector: '[role="alert"]',
      }),
    ).toBeInTheDocument();
    expect(requests('/api/loan/requestLoan')).toHaveLength(0);
    expect(screen.getByRole('radio', { name: '2.500 €' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /He leído y acepto/ })).toBeChecked();
    const saved = await store.get(loanFlowAtom('flow0001'));
    expect(saved?.formValues).toMatchObject({ product: 2500, installment: 12, accountId: 11, acceptAgreement: true });
    // Nothing is sent by itself when the connection returns.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    store.set(onlineAtom, true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests('/api/loan/requestLoan')).toHaveLength(0);
  });
});

describe('loan request: the saved flow and redirects', () => {
  it('restores the saved flow of l with its values, and saves changes locally and (debounced) on the server', async () => {
    const user = userEvent.setup();
    await openSaved(savedFlow({ formValues: { product: 3000, installment: 12, accountId: 11 } }));
    expect(screen.getByRole('radio', { name: '3.000 €' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^12 cuotas/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '2.500 €' }));
    await waitFor(async () => expect((await store.get(loanFlowAtom('flow0001')))?.formValues.product).toBe(2500));
    await waitFor(() => expect(requests('/api/loan/makeLoanApplication').length).toBeGreaterThan(0), { timeout: 3000 });
    const draft = JSON.parse(requests('/api/loan/makeLoanApplication').at(-1)!.body.toString()) as {
      flowId: string;
      step: string;
      formValues: Record<string, unknown>;
    };
    expect(draft).toMatchObject({ flowId: 'flow0001', step: 'loanRequest', formValues: { product: 2500 } });
    expect(await store.get(loanFlowIdsAtom)).toEqual({ '4': 'flow0001' });
  });

  it('without l a default flow is created (amount 100, one date +30 days): a minipréstamo of 100 € on that date, and the address gets its l', async () => {
    await renderAt('/loan-apply');
    expect(await screen.findByRole('radio', { name: '100 €' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Minipréstamo' })).toBeChecked();
    const ids = await store.get(loanFlowIdsAtom);
    const id = ids['4'];
    expect(id).toMatch(/^[A-Za-z0-9]{8,}$/);
    const today = todayInMadrid();
    const flow = await store.get(loanFlowAtom(id!));
    expect(flow?.dto.issueDate).toBe(today);
    expect(flow?.dto.amount).toBe(100);
    expect(flow?.formValues).toMatchObject({
      loanProduct: 'mini',
      product: 100,
      installment: 1,
      firstRepaymentDate: workingDayOnOrAfter(addDaysIso(today, 30)),
    });
  });

  it("without l the customer's flow saved on this device is used", async () => {
    await store.set(loanFlowAtom('flow0001'), savedFlow({ formValues: { product: 3000 } }));
    await store.set(loanFlowIdsAtom, { '4': 'flow0001' });
    await renderAt('/loan-apply');
    expect(await screen.findByRole('radio', { name: '3.000 €' })).toBeChecked();
    expect(Object.values(await store.get(loanFlowIdsAtom))).toEqual(['flow0001']);
  });

  it('an l that points at nothing goes to the dashboard', async () => {
    await renderAt('/loan-request?l=nothing99');
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });

  it.each([
    ['an issued or arranged loan', () => (api.loans = [loanJson()]), '/dashboard'],
    ['no available limit', () => ((api.limit = 0), (api.miniLimit = 0)), '/dashboard'],
    [
      'an RTB blocked customer',
      () => (api.customer = { isRtb: true, isBlacklist: true, status: 'securityChecked' }),
      '/dashboard/declined',
    ],
    [
      'a restructured loan refused by the server check',
      () => (api.restructured = { hasRestructuredLoan: true, canRequestLoan: false }),
      '/loan-request/declined?l=flow0001',
    ],
  ])('%s → %s', async (_name, arrange, to) => {
    arrange();
    await store.set(loanFlowAtom('flow0001'), savedFlow());
    await renderAt('/loan-request?l=flow0001');
    await waitFor(() => expect(where()).toBe(to));
    if (_name.startsWith('a restructured')) {
      expect(requests('/api/loan/checkLoanByRestructured')[0]?.url).toBe(
        '/api/loan/checkLoanByRestructured?customerId=4',
      );
    }
  });

  it('offline: the form works from what the flow saved (limit, holidays, accounts, plans)', async () => {
    const user = userEvent.setup();
    await openSaved();
    await fillToReady(user);
    await waitFor(async () => expect((await store.get(loanFlowAtom('flow0001')))?.loaded?.plans).toBeDefined());
    cleanup();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    store.set(onlineAtom, false);
    server.requests = [];
    await renderAt('/loan-request?l=flow0001');
    expect(await screen.findByText('Sin conexión: te mostramos los últimos datos cargados.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2.500 €' })).toBeChecked();
    expect(screen.getAllByText('al mes')).toHaveLength(4);
    expect(screen.getByText('ES91 2100 0418 4502 0005 1332')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });
});

/** The first day from `date` on that is not a Saturday or a Sunday (the tests' holiday list is empty). */
function workingDayOnOrAfter(date: string): string {
  let day = date;
  while (isWeekendIso(day)) day = addDaysIso(day, 1);
  return day;
}

function loanJson() {
  return {
    id: 1,
    loanAmount: 2500,
    createdDate: '2026-10-01',
    status: 'issued',
    earlyClosureAmount: 2600,
    installments: [],
    initialPayment: 258.33,
    firstRepaymentDate: '2026-11-01',
    overdueDay: -10,
    isRestructured: false,
    toAccountId: 11,
  };
}

describe('loan request: modals', () => {
  it('the explanation and the terms describe the offer on the form (LoanOfferDocumentsPost), not another loan', async () => {
    const user = userEvent.setup();
    await openSaved();
    // No amount or instalments chosen yet: the explanation would describe another loan, so it says what is missing.
    await user.click(screen.getByRole('button', { name: 'Explicación del préstamo' }));
    const waiting = await screen.findByRole('dialog', { name: 'Explicación del préstamo' });
    expect(
      within(waiting).getByText(
        'Elige el importe, la fecha del primer pago, el número de cuotas y la cuenta para ver la explicación de tu préstamo.',
      ),
    ).toBeInTheDocument();
    expect(requests('/api/loan/offerDocuments')).toHaveLength(0);
    expect(requests('/api/loan/agreements/loanExplanation')).toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await fillToReady(user);
    await user.click(screen.getByRole('button', { name: 'Explicación del préstamo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Explicación del préstamo' });
    const frame = await within(dialog).findByTitle('Explicación del préstamo');
    const [sent] = requests('/api/loan/offerDocuments');
    const offer = JSON.parse(sent!.body.toString()) as { firstRepaymentDate: string; paymentDates: string[] };
    expect(offer).toEqual({
      loanProduct: 'installment',
      product: 2500,
      installment: 12,
      firstRepaymentDate: offer.firstRepaymentDate,
      accountId: ACCOUNT_1.accountId,
      paymentDates: offer.paymentDates,
    });
    expect(offer.paymentDates).toHaveLength(12);
    expect(offer.paymentDates[0]).toBe(offer.firstRepaymentDate);
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain(
      `loanExplanation: 2500 € en 12 cuotas desde ${offer.firstRepaymentDate}`,
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Términos y Condiciones' }));
    const terms = await within(await screen.findByRole('dialog')).findByTitle('Términos y Condiciones');
    expect(terms.getAttribute('srcdoc')).toContain('termsAndConditions: 2500 € en 12 cuotas');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A failure to load closes the modal with the warning.
    api.offerDocumentsFail = true;
    await user.click(screen.getByRole('button', { name: 'Explicación del préstamo' }));
    expect(
      await screen.findByText('No hemos podido cargar el documento. Por favor, inténtalo de nuevo.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('before the offer is complete, the terms modal shows the general terms (AgreementByTypeGet)', async () => {
    const user = userEvent.setup();
    await openSaved();
    await user.click(screen.getByRole('button', { name: 'Términos y Condiciones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Términos y Condiciones' });
    const frame = await within(dialog).findByTitle('Términos y Condiciones');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Texto de las condiciones</p>');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("the e-mail update modal checks the address ('Email no válido') and saves it with AddNewEmailPost (ENVIAR)", async () => {
    const user = userEvent.setup();
    await openSaved();
    await user.click(screen.getByRole('button', { name: 'Actualizar mi email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actualiza tu email' });
    const field = within(dialog).getByRole('textbox', { name: /Email/ });
    expect(field).toHaveValue('javier@example.com');
    await user.clear(field);
    await user.type(field, 'no-es-un-email');
    await user.click(within(dialog).getByRole('button', { name: 'ENVIAR' }));
    expect(await within(dialog).findByText('Email no válido')).toBeInTheDocument();
    expect(requests('/api/customer/communication')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'nuevo@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'ENVIAR' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(requests('/api/customer/communication')[0]!.body.toString())).toEqual({
      type: 'email',
      subType: 'personal',
      value: 'nuevo@example.com',
    });
  });
});
