import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import DashboardPage, { PENDING_LOAN_REFRESH_MS } from '../../../../src/features/dashboard/DashboardPage.tsx';
import { loanDebtCents } from '../../../../src/features/dashboard/loan-summary.ts';
import { loansStateAtom } from '../../../../src/lib/loans/loans-state.ts';
import { onlineAtom } from '../../../../src/lib/pwa/network-status.ts';
import { endSession, sessionCheckingAtom } from '../../../../src/lib/session/session.ts';
import { loansCacheAtom, sessionAtom } from '../../../../src/lib/storage/atoms.ts';
import { REOPEN_SNAPSHOT_KEY, type ReopenSnapshot } from '../../../../src/lib/loans/reopen-snapshot.ts';
import { storageBackend } from '../../../../src/lib/storage/backend.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { z } from 'zod';
import { loanSchema } from '../../../../src/shared/api/loan-schemas.ts';
import { addDaysIso, formatIsoDate } from '../../../../src/shared/calendar.ts';
import { todayInMadrid } from '../../../../src/shared/madrid-today.ts';
import type { LoanStatus } from '../../../../src/shared/loan-statuses.ts';
import { memberDetails } from '../../helpers/members.ts';
import { json, startTestServer, type SeenRequest, type TestServer } from '../../lib/api/test-server.ts';
import { newStore, renderPage, where } from '../cards/cards-harness.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** The dashboard's credit summary (second document §2, §3, §4) against a local server standing in for the API. */

const today = todayInMadrid();
const day = (offset: number) => addDaysIso(today, offset);

interface WireInstallment {
  id: number;
  status: string;
  expectedDate: string;
  totalPayment: number;
  initialBase: number;
  initialCalculatedInterest: number;
  payments: { type: string; amount: number; paymentSource: string; paymentDate: string }[];
}

/** A 3 x 100,10 € loan on the wire (euros): dates at `offsets` days from today, the first `paidCount` paid. */
function wireLoan(status: LoanStatus, offsets: readonly number[], paidCount = 0, id = 42) {
  const installments: WireInstallment[] = offsets.map((offset, index) => ({
    id: id * 100 + index,
    status: index < paidCount ? 'paid' : 'notPaid',
    expectedDate: day(offset),
    totalPayment: 100.1,
    initialBase: 83.34,
    initialCalculatedInterest: 16.76,
    payments: [],
  }));
  return {
    id,
    loanAmount: 250,
    createdDate: day(-40),
    status,
    // What the server computes: closing = what is left (no interest accrual in these fixtures), overdueDay = the first
    // unpaid instalment's date minus today.
    earlyClosureAmount: Math.round((offsets.length - paidCount) * 10_010) / 100,
    installments,
    initialPayment: 100.1,
    firstRepaymentDate: day(offsets[0] ?? 0),
    overdueDay: offsets[paidCount] ?? 0,
    isRestructured: false,
    toAccountId: 7,
  };
}

let server: TestServer;
let store: AppStore;
let loans: unknown[];
let failing: boolean;

function handle(request: SeenRequest, response: ServerResponse) {
  if (request.url.startsWith('/api/loan/customerAllLoans')) {
    if (failing) return json(response, 500, {});
    return json(response, 200, { data: loans });
  }
  const agreement = /^\/api\/loan\/agreement\/(\d+)$/.exec(request.url);
  if (agreement) {
    return json(response, 200, {
      data: {
        title: 'Contrato de préstamo',
        agreement: '<h1>Contrato</h1><p>TAE 103,7 %</p>',
        loanId: Number(agreement[1]),
      },
    });
  }
  if (request.url === '/api/communication/customerReviewLink') {
    return json(response, 200, { data: 'http://127.0.0.1/sandbox/review/AAAAAAAAAAAAAAAAAAAAAAAA' });
  }
  if (request.url === '/api/loan/restructureLoan/42/preContractInformation') {
    return json(response, 200, {
      data: { filename: 'PrestamoRapido-42-pago-flexible-informacion-precontractual.pdf', base64String: 'JVBERi0=' },
    });
  }
  if (request.url.startsWith('/api/communication/loanAgreement/')) {
    return json(response, 200, {
      data: {
        filename: 'PrestamoRapido_42_contrato.pdf',
        base64String: Buffer.from('%PDF-1.7 test').toString('base64'),
      },
    });
  }
  return json(response, 404, {});
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests = [];
  server.handler = handle;
  loans = [];
  failing = false;
  store = await newStore(server, memberDetails({ id: 5, status: 'securityChecked' }));
});
afterEach(cleanup);

const open = () => renderPage(store, '/dashboard', <DashboardPage />, '/dashboard');
const summary = async () => screen.findByRole('region', { name: /^TU DEUDA ACTUAL/ });

describe('dashboard: loading', () => {
  it('loads every loan once (CustomerAllLoansGet) and summarises only the open ones', async () => {
    loans = [wireLoan('repaid', [-60, -30], 2, 30), wireLoan('cancelled', [20], 0, 31), wireLoan('issued', [5, 35])];
    await open();
    await summary();
    // Besides the withdrawal quote of the running loan (DesistContractGet, issue 14).
    expect(
      server.requests.map((request) => request.url).filter((url) => !url.startsWith('/api/loan/desistContract')),
    ).toEqual(['/api/loan/customerAllLoans']);
    expect(screen.getAllByRole('region', { name: /^TU DEUDA ACTUAL/ })).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'TU DEUDA ACTUAL Préstamo 42' })).toBeInTheDocument();
  });

  it('shows a spinner with an accessible name while the loans load', async () => {
    server.handler = () => undefined; // never answers
    await open();
    expect(screen.getByRole('progressbar', { name: 'Cargando tu préstamo' })).toBeInTheDocument();
  });

  it('a load failure says so in Spanish; Reintentar loads again and shows the summary', async () => {
    failing = true;
    loans = [wireLoan('issued', [10, 40, 70])];
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No hemos podido cargar tu préstamo.');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await summary()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('dashboard: the credit summary', () => {
  it('the debt is the sum of what remains unpaid of the instalments, in cents (2 x 100,10 € + 60,05 € left)', async () => {
    const loan = wireLoan('issued', [-20, 10, 40, 70], 1);
    const last = loan.installments[3] as WireInstallment;
    last.payments = [{ type: 'card', amount: 40.05, paymentSource: 'card', paymentDate: `${day(-1)}T10:00:00.000Z` }];
    loans = [loan];
    expect(loanDebtCents(loanSchema.parse(loan))).toBe(26_025);
    await open();
    const card = await summary();
    expect(within(card).getByText('260,25 €')).toBeInTheDocument();
    expect(within(card).getByText('250,00 €')).toBeInTheDocument();
    expect(within(card).getByText('1 de 4 pagadas')).toBeInTheDocument();
    expect(within(card).getByText(formatIsoDate(day(10)))).toBeInTheDocument();
    expect(within(card).getByText('Próximo pago')).toBeInTheDocument();
  });

  it.each([
    ['issued', [5, 35], 'Activo'],
    ['arranged', [5, 35], 'Pendiente'],
    ['agreementAssigned', [20, 50], 'En proceso'],
    ['requested', [20, 50], 'En espera'],
    ['transferPending', [20, 50], 'En espera'],
    ['queued', [20, 50], 'En espera'],
    ['issued', [-1, 29], 'No pagado'],
    ['arranged', [-3, 27], 'No pagado'],
    ['issued', [0, 30], 'Activo'],
  ] as const)('a %s loan with instalments at %j days shows the label %s', async (status, offsets, label) => {
    loans = [wireLoan(status, offsets)];
    await open();
    const card = await summary();
    expect(within(card).getByText('Estado').nextElementSibling).toHaveTextContent(new RegExp(`^${label}$`));
  });

  it("an overdue loan says the missed dates as 'Venció el …' apart from the next one (issue 23 §5)", async () => {
    loans = [wireLoan('issued', [-1, 29, 59])];
    await open();
    const card = await summary();
    expect(within(card).getByText('Pago vencido').nextElementSibling).toHaveTextContent(
      new RegExp(`^Venció el ${formatIsoDate(day(-1))}$`),
    );
    expect(within(card).getByText('Próximo pago').nextElementSibling).toHaveTextContent(
      new RegExp(`^${formatIsoDate(day(29))}$`),
    );
    expect(within(card).queryByText('Próximos pagos')).not.toBeInTheDocument();
  });

  it('late is said (issue 23 §5): since when, the days late, the amount due now, what happens next, how to pay and whom to call', async () => {
    // 2 instalments overdue (40 and 10 days), one to come; 30,00 € already paid on the first.
    const loan = wireLoan('issued', [-40, -10, 20]);
    loan.installments[0]!.payments = [
      { type: 'repayment', amount: 30, paymentSource: 'debit-card', paymentDate: `${day(-39)}T10:00:00.000Z` },
    ];
    loan.overdueDay = -40;
    loans = [loan];
    await open();
    const card = await summary();
    const late = within(card).getByRole('region', { name: 'Tienes 2 cuotas vencidas' });
    expect(late).toHaveTextContent(`Venció el ${formatIsoDate(day(-40))}: llevas 40 días de retraso.`);
    // 70,10 € left of the first + 100,10 € of the second.
    expect(late).toHaveTextContent('Importe vencido: 170,20 €');
    expect(late).toHaveTextContent('No te cobramos ninguna comisión ni intereses por el retraso');
    expect(late).toHaveTextContent('Paga lo vencido con «Pagar» para ponerte al día.');
    expect(late).toHaveTextContent('con «Pago Flexible» repartes lo que debes');
    expect(late).toHaveTextContent('cuéntanoslo en «¿Problemas con un reembolso?»');
    expect(within(late).getByRole('link', { name: '910 000 001' })).toHaveAttribute('href', 'tel:+34910000001');
    expect(within(late).getByRole('link', { name: 'recobro@prestamorapido.example' })).toHaveAttribute(
      'href',
      'mailto:recobro@prestamorapido.example',
    );
    // The ways it names are on the card.
    expect(within(card).getByRole('link', { name: 'Pagar' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Pago Flexible' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '¿Problemas con un reembolso?' })).toBeInTheDocument();
  });

  it('one day late: the singular, and only the ways the card offers (no Pago Flexible, no problems link yet)', async () => {
    loans = [wireLoan('issued', [-1, 29])];
    await open();
    const late = within(await summary()).getByRole('region', { name: 'Tienes una cuota vencida' });
    expect(late).toHaveTextContent(`Venció el ${formatIsoDate(day(-1))}: llevas 1 día de retraso.`);
    expect(late).toHaveTextContent('Importe vencido: 100,10 €');
    expect(late).not.toHaveTextContent('Pago Flexible');
    expect(late).not.toHaveTextContent('¿Problemas con un reembolso?');
  });

  it.each([
    ['due today', 'issued', [0, 30]],
    ['not due yet', 'issued', [5, 35]],
    ['not paid out yet', 'agreementAssigned', [-1, 29]],
  ] as const)('no late notice when %s', async (_case, status, offsets) => {
    loans = [wireLoan(status, offsets)];
    await open();
    const card = await summary();
    expect(within(card).queryByRole('region', { name: /vencida/ })).not.toBeInTheDocument();
    expect(within(card).queryByText(/Venció el/)).not.toBeInTheDocument();
  });

  it('agreementAssigned: the money is on its way; requested: the request is being processed', async () => {
    loans = [wireLoan('agreementAssigned', [20, 50])];
    await open();
    expect(within(await summary()).getByRole('note')).toHaveTextContent(
      'Tu dinero está en camino. Lo recibirás en tu cuenta bancaria en unos minutos.',
    );
    cleanup();
    loans = [wireLoan('requested', [20, 50])];
    await open();
    // The same store: the loans kept from the first page show until the page's own load answers.
    await waitFor(async () =>
      expect(within(await summary()).getByRole('note')).toHaveTextContent(/^Estamos procesando tu solicitud\./),
    );
  });

  it("follows a loan on its way to 'Activo' by itself: read again every 10 s while visible, not once it is running", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      loans = [wireLoan('agreementAssigned', [20, 50])];
      await open();
      const reads = () => server.requests.filter((r) => r.url === '/api/loan/customerAllLoans').length;
      // The page's own load has answered: the loan on its way is shown.
      await waitFor(() => expect(reads()).toBeGreaterThan(0));
      await waitFor(async () =>
        expect(within(await summary()).getByRole('note')).toHaveTextContent(/^Tu dinero está en camino/),
      );
      const before = reads();
      // The payout is made: the next read shows the running loan, with its actions.
      loans = [wireLoan('issued', [20, 50])];
      await act(async () => vi.advanceTimersByTime(PENDING_LOAN_REFRESH_MS));
      await waitFor(() => expect(reads()).toBeGreaterThan(before));
      await waitFor(async () => expect(within(await summary()).queryByRole('note')).toBeNull());
      expect(within(await summary()).getByRole('link', { name: 'Pagar' })).toBeInTheDocument();
      // Nothing on its way any more: no more reads.
      const settled = reads();
      await act(async () => vi.advanceTimersByTime(3 * PENDING_LOAN_REFRESH_MS));
      expect(reads()).toBe(settled);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an issued loan not yet due has no note; Pagar only (two instalments: no Prórroga, not late: no Pago Flexible)', async () => {
    loans = [wireLoan('issued', [5, 35])];
    await open();
    const card = await summary();
    expect(within(card).queryByRole('note')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Pagar' })).toHaveAttribute(
      'href',
      '/payment/pay/debit-card/42/4200?paymentOption=firstNotPaidInstallment',
    );
    for (const name of ['Prórroga', 'Pago Flexible', '¿Problemas con un reembolso?'])
      expect(within(card).queryByRole('link', { name })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Ver contrato' })).toBeInTheDocument();
  });

  it("'Ver detalles' shows each instalment (date, amount, base, interest, status); 'Ver menos' hides them", async () => {
    loans = [wireLoan('issued', [-20, -1, 29], 1)];
    await open();
    const card = await summary();
    const user = userEvent.setup();
    expect(screen.queryByRole('list', { name: 'Tus cuotas' })).not.toBeInTheDocument();
    const toggle = within(card).getByRole('button', { name: 'Ver detalles' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const list = screen.getByRole('list', { name: 'Tus cuotas' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Cuota 1' })).toBeInTheDocument();
    expect(first).toHaveTextContent(formatIsoDate(day(-20)));
    expect(first).toHaveTextContent('100,10 €');
    expect(first).not.toHaveTextContent('Capital');
    const details = within(first).getByRole('button', { name: 'Detalles de la cuota' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveTextContent('Capital83,34 €');
    expect(first).toHaveTextContent('Intereses16,76 €');
    expect(first).toHaveTextContent('Estado de la cuotaPagada');
    expect(second).toHaveTextContent('Estado de la cuotaNo pagada');
    // An owed date that has passed says so; a paid one and one to come are plain dates.
    expect(second).toHaveTextContent(`FechaVenció el ${formatIsoDate(day(-1))}`);
    expect(first).toHaveTextContent(new RegExp(`Fecha${formatIsoDate(day(-20))}`));
    expect(third).toHaveTextContent(new RegExp(`Fecha${formatIsoDate(day(29))}`));
    expect(third).toHaveTextContent('Estado de la cuotaPendiente');
    const less = within(card).getByRole('button', { name: 'Ver menos' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(screen.queryByRole('list', { name: 'Tus cuotas' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Ver detalles' })).toBeInTheDocument();
  });

  it('with several open loans each has its summary, the running one first', async () => {
    loans = [wireLoan('requested', [20, 50], 0, 50), wireLoan('issued', [5, 35], 0, 42)];
    await open();
    const cards = await screen.findAllByRole('region', { name: /^TU DEUDA ACTUAL/ });
    expect(cards).toHaveLength(2);
    const [running, requested] = cards as [HTMLElement, HTMLElement];
    expect(running).toHaveAccessibleName('TU DEUDA ACTUAL Préstamo 42');
    expect(within(running).getByText('Estado').nextElementSibling).toHaveTextContent('Activo');
    expect(within(requested).getByText('Estado').nextElementSibling).toHaveTextContent('En espera');
    expect(within(requested).queryByRole('link', { name: 'Pagar' })).not.toBeInTheDocument();
    expect(within(requested).queryByRole('button', { name: 'Ver contrato' })).not.toBeInTheDocument();
  });

  it('collapsed heights (§2): 360 px with the top section (a running loan), 130 px without (not paid out yet)', async () => {
    loans = [wireLoan('requested', [20, 50], 0, 50), wireLoan('issued', [5, 35], 0, 42)];
    await open();
    const [running, requested] = (await screen.findAllByRole('region', { name: /^TU DEUDA ACTUAL/ })) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(running).toHaveAttribute('data-collapsed-height', '360');
    expect(running.style.getPropertyValue('--dashboard-collapsed-height')).toBe('360px');
    expect(requested).toHaveAttribute('data-collapsed-height', '130');
    expect(requested.style.getPropertyValue('--dashboard-collapsed-height')).toBe('130px');
  });
});

describe('dashboard: no open loan', () => {
  it('explains it and links to the loan request (the loan call-to-action by status)', async () => {
    store = await newStore(server, memberDetails({ id: 4, status: 'systemApproved' }));
    await open();
    expect(await screen.findByRole('heading', { name: 'No tienes ningún préstamo activo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicita tu préstamo' })).toHaveAttribute('href', '/loan-request');
    expect(screen.queryByRole('region', { name: 'TU DEUDA ACTUAL' })).not.toBeInTheDocument();
  });

  it('a collection customer (who cannot request a loan) gets no link back to the dashboard itself', async () => {
    store = await newStore(server, memberDetails({ id: 8, status: 'externalCollection' }));
    await open();
    expect(await screen.findByRole('heading', { name: 'No tienes ningún préstamo activo' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Solicita tu préstamo' })).not.toBeInTheDocument();
  });

  it.each([
    ['externalCollection', 'Tu deuda la gestiona una empresa de recobro', 'Equipo de recobro: 910 000 001'],
    ['internalCollection', 'Tu deuda está en gestión de recobro', 'Equipo de recobro: 910 000 001'],
    ['legalCollection', 'Tu deuda está en reclamación judicial', 'Equipo de recobro: 910 000 001'],
    ['fraud', 'Tu cuenta está en revisión', 'Atención al cliente: 900 000 000 (gratuito)'],
  ] as const)(
    'a customer in %s reads what it means and whom to contact (issue 23 §5)',
    async (status, title, contact) => {
      store = await newStore(server, memberDetails({ id: 8, status }));
      loans = [wireLoan('issued', [-75, -45, -15, 15])];
      await open();
      const notice = await screen.findByRole('region', { name: title });
      expect(notice).toHaveTextContent(contact);
      if (status === 'externalCollection')
        expect(notice).toHaveTextContent('en nombre de Préstamo Rápido Financiación, S.L.');
      // The loan's own late notice is there too.
      expect(within(await summary()).getByRole('region', { name: 'Tienes 3 cuotas vencidas' })).toBeInTheDocument();
    },
  );

  it('a customer not in collection sees no collection notice', async () => {
    loans = [wireLoan('issued', [-5, 25])];
    await open();
    await summary();
    expect(screen.queryByRole('region', { name: /recobro|reclamación|revisión/ })).not.toBeInTheDocument();
  });

  it('a declined customer is sent to /dashboard/declined', async () => {
    store = await newStore(server, memberDetails({ id: 7, status: 'declined' }));
    await open();
    await waitFor(() => expect(where()).toBe('/dashboard/declined'));
  });
});

describe('dashboard: the buttons by the §5 rules, linking to their pages', () => {
  const card = async () => summary();

  it('one instalment 35 days late (overdueDay −35), closing above the amount: Prórroga → /rollover/42, no Pago Flexible', async () => {
    const loan = wireLoan('issued', [-35]);
    loan.earlyClosureAmount = 260;
    loans = [loan];
    await open();
    const found = await card();
    expect(within(found).getByRole('link', { name: 'Prórroga' })).toHaveAttribute('href', '/rollover/42');
    expect(within(found).queryByRole('link', { name: 'Pago Flexible' })).not.toBeInTheDocument();
    expect(within(found).getByRole('link', { name: '¿Problemas con un reembolso?' })).toHaveAttribute(
      'href',
      '/payment-reason?loanId=42',
    );
  });

  it('36 days late: Pago Flexible → /restructure/42, no Prórroga', async () => {
    const loan = wireLoan('issued', [-36]);
    loan.earlyClosureAmount = 260;
    loans = [loan];
    await open();
    const found = await card();
    expect(within(found).getByRole('link', { name: 'Pago Flexible' })).toHaveAttribute('href', '/restructure/42');
    expect(within(found).queryByRole('link', { name: 'Prórroga' })).not.toBeInTheDocument();
  });

  it("3 days late: no '¿Problemas con un reembolso?'; 4 days late: shown", async () => {
    loans = [wireLoan('issued', [-3, 27])];
    await open();
    expect(within(await card()).queryByRole('link', { name: '¿Problemas con un reembolso?' })).not.toBeInTheDocument();
    cleanup();
    loans = [wireLoan('issued', [-4, 26])];
    await open();
    // The same store: the loans kept from the first page show until the page's own load answers.
    expect(await within(await card()).findByRole('link', { name: '¿Problemas con un reembolso?' })).toBeInTheDocument();
  });

  it('several instalments due: Pagar pays them together (pendingInstallments, no instalment in the path)', async () => {
    loans = [wireLoan('issued', [-40, -10, 20])];
    await open();
    expect(within(await card()).getByRole('link', { name: 'Pagar' })).toHaveAttribute(
      'href',
      '/payment/pay/debit-card/42?paymentOption=pendingInstallments',
    );
  });

  it("the accordion: 'Pagar {amount}' only on the first payable instalment; 'Pago Total Préstamo' with several payable", async () => {
    loans = [wireLoan('issued', [-20, 10, 40], 1)];
    await open();
    const user = userEvent.setup();
    await user.click(within(await card()).getByRole('button', { name: 'Ver detalles' }));
    const items = within(screen.getByRole('list', { name: 'Tus cuotas' })).getAllByRole('listitem');
    const payLinks = items.map((item) => within(item).queryByRole('link', { name: /^Pagar / }));
    expect(payLinks[0]).toBeNull();
    expect(payLinks[1]).toHaveAccessibleName('Pagar 100,10\u00a0€');
    expect(payLinks[1]).toHaveAttribute(
      'href',
      '/payment/pay/debit-card/42/4201?paymentOption=firstNotPaidInstallment',
    );
    expect(payLinks[2]).toBeNull();
    expect(screen.getByRole('link', { name: 'Pago Total Préstamo' })).toHaveAttribute(
      'href',
      '/payment/pay/debit-card/42?paymentOption=closeLoan',
    );
    expect(screen.getByText('200,20 €', { selector: '.dashboard-pay-whole-amount' })).toBeInTheDocument();
  });

  it("one payable instalment left: no 'Pago Total Préstamo'; the instalment's payments in its details", async () => {
    const loan = wireLoan('issued', [-20, 10], 1);
    (loan.installments[0] as WireInstallment).payments = [
      {
        type: 'firstNotPaidInstallment',
        amount: 100.1,
        paymentSource: 'debit-card',
        paymentDate: `${day(-20)}T10:00:00.000Z`,
      },
    ];
    loans = [loan];
    await open();
    const user = userEvent.setup();
    await user.click(within(await card()).getByRole('button', { name: 'Ver detalles' }));
    expect(screen.queryByRole('link', { name: 'Pago Total Préstamo' })).not.toBeInTheDocument();
    const [paid] = within(screen.getByRole('list', { name: 'Tus cuotas' })).getAllByRole('listitem') as [HTMLElement];
    await user.click(within(paid).getByRole('button', { name: 'Detalles de la cuota' }));
    expect(paid).toHaveTextContent(`Pagos${formatIsoDate(day(-20))}: 100,10 €`);
    expect(paid).toHaveTextContent('Total100,10 €');
  });
});

describe("dashboard: 'Ver contrato'", () => {
  it('opens the agreement (600 px wide at most) in a sandboxed frame; Descargar saves the PDF; Imprimir prints', async () => {
    loans = [wireLoan('issued', [5, 35])];
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test-pdf'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await open();
    const user = userEvent.setup();
    await user.click(within(await summary()).getByRole('button', { name: 'Ver contrato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tu contrato de préstamo' });
    const frame = await within(dialog).findByTitle('Contrato de préstamo');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Contrato</h1>');
    expect(dialog.closest('.ui-modal')).toHaveStyle({ maxWidth: '600px' });
    await user.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(saved).toEqual(['PrestamoRapido_42_contrato.pdf']);
    expect(server.requests.map((request) => request.url)).toContain(
      '/api/communication/loanAgreement/42?type=agreement',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
    expect(document.querySelector('iframe[data-print-frame]')?.getAttribute('srcdoc')).toContain('TAE 103,7 %');
    click.mockRestore();
  });
  it('closing the contract while it loads aborts its request, and no warning shows', async () => {
    loans = [wireLoan('issued', [5, 35])];
    let closed: Promise<boolean> | undefined;
    server.handler = (request, response) => {
      if (request.url !== '/api/loan/agreement/42') return handle(request, response);
      // Never answered: closed by the client, before an answer was written.
      closed = new Promise((resolve) => response.on('close', () => resolve(!response.writableFinished)));
    };
    await open();
    const user = userEvent.setup();
    await user.click(within(await summary()).getByRole('button', { name: 'Ver contrato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tu contrato de préstamo' });
    await waitFor(() => expect(closed).toBeDefined());
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(await closed).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tu contrato de préstamo' })).toBeNull());
    expect(screen.queryByText('No hemos podido cargar tu contrato. Por favor, inténtalo de nuevo.')).toBeNull();
  });
});

describe('dashboard: the accepted Pago Flexible document', () => {
  it('a restructured loan offers its pre-contract information as PDF; a loan never restructured does not', async () => {
    loans = [{ ...wireLoan('issued', [5, 35]), isRestructured: true }];
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test-pdf'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await open();
    const user = userEvent.setup();
    await user.click(within(await summary()).getByRole('button', { name: 'Información del Pago Flexible (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(saved).toEqual(['PrestamoRapido-42-pago-flexible-informacion-precontractual.pdf']);
    click.mockRestore();
    cleanup();
    loans = [wireLoan('issued', [5, 35])];
    await open();
    // The same store shows the kept (restructured) loan until the page's own load answers: wait for that answer.
    await waitFor(async () =>
      expect(
        within(await summary()).queryByRole('button', { name: 'Información del Pago Flexible (PDF)' }),
      ).not.toBeInTheDocument(),
    );
  });
});

describe('dashboard: ?accion=pagar and the "Ya está pagada" note', () => {
  const openAt = (entry: Parameters<typeof renderPage>[3]) => renderPage(store, '/dashboard', <DashboardPage />, entry);

  it("goes on (replacing the entry) to the first payable instalment's payment page", async () => {
    loans = [wireLoan('issued', [-20, 10, 40], 1)];
    await openAt('/dashboard?accion=pagar');
    await waitFor(() => expect(where()).toBe('/payment/pay/debit-card/42/4201?paymentOption=firstNotPaidInstallment'));
  });

  it('loanId picks the loan when the customer has several', async () => {
    loans = [wireLoan('issued', [-20, 10], 0, 42), wireLoan('issued', [3, 33], 0, 43)];
    await openAt('/dashboard?accion=pagar&loanId=43');
    await waitFor(() => expect(where()).toBe('/payment/pay/debit-card/43/4300?paymentOption=firstNotPaidInstallment'));
  });

  it("nothing payable: stays on the dashboard with 'Ya está pagada', which can be dismissed", async () => {
    loans = [wireLoan('issued', [-20, 10], 2)];
    await openAt('/dashboard?accion=pagar&loanId=42');
    const note = (await screen.findByText('Ya está pagada')).closest('[role="status"]') as HTMLElement;
    expect(note).toHaveClass('dashboard-notice');
    await summary();
    await userEvent.setup().click(within(note).getByRole('button', { name: 'Cerrar aviso' }));
    expect(note).toBeEmptyDOMElement();
  });

  it("navigation state { notice: 'alreadyPaid' } (the payment page's redirect) shows the note", async () => {
    loans = [wireLoan('issued', [5, 35])];
    await openAt({ pathname: '/dashboard', state: { notice: 'alreadyPaid' } });
    expect((await screen.findByText('Ya está pagada')).closest('[role="status"]')).toHaveClass('dashboard-notice');
  });
});

describe('dashboard: offline, the last loans with their age, actions disabled', () => {
  it("a failed load shows the loans kept in the session ('Datos de hace 5 min') with Pagar disabled and why", async () => {
    loans = [wireLoan('issued', [5, 35])];
    await store.set(loansCacheAtom, {
      customerId: 5,
      savedAt: Date.now() - 5 * 60_000 - 1_000,
      loans: z.array(loanSchema).encode(loans.map((loan) => loanSchema.parse(loan))),
    });
    failing = true;
    await open();
    const note = await screen.findByText('Datos de hace 5 min');
    expect(note.closest('[role="status"]')).toHaveTextContent(/No hemos podido actualizar tus datos/);
    const pay = within(await summary()).getByRole('button', { name: 'Pagar' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription(/^No hemos podido actualizar tus datos: no puedes pagar ahora/);
  });

  it('offline: the loans loaded before show with their age and Sin conexión as the reason', async () => {
    loans = [wireLoan('issued', [5, 35])];
    await open();
    expect(within(await summary()).getByRole('link', { name: 'Pagar' })).toBeInTheDocument();
    act(() => store.set(onlineAtom, false));
    const pay = within(await summary()).getByRole('button', { name: 'Pagar' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('Sin conexión: no puedes pagar ahora.');
    expect(screen.getByText('Datos de hace menos de 1 min')).toBeInTheDocument();
    expect(within(await summary()).getByRole('button', { name: 'Ver contrato' })).toBeDisabled();
    // Back online: loaded again, the actions work again.
    act(() => store.set(onlineAtom, true));
    expect(await within(await summary()).findByRole('link', { name: 'Pagar' })).toBeInTheDocument();
    await waitFor(() => expect(server.requests.filter((r) => r.url === '/api/loan/customerAllLoans')).toHaveLength(2));
    expect(screen.queryByText(/^Datos de hace/)).not.toBeInTheDocument();
  });

  it('the answer is kept with its time for this customer only, and logout clears it (memory and storage)', async () => {
    loans = [wireLoan('issued', [5, 35])];
    await open();
    await summary();
    await waitFor(async () => expect((await storageBackend.get('loansCache')) as unknown).toBeTruthy());
    const kept = (await store.get(loansCacheAtom)) as { customerId: number; savedAt: number };
    expect(kept.customerId).toBe(5);
    expect(Date.now() - kept.savedAt).toBeLessThan(60_000);
    await act(() => endSession(store));
    expect(await store.get(loansCacheAtom)).toBeNull();
    expect(await storageBackend.get('loansCache')).toBeUndefined();
    expect(store.get(loansStateAtom)).toEqual({ kind: 'idle' });
  });

  it("another customer's kept loans are never shown", async () => {
    loans = [wireLoan('issued', [5, 35])];
    await store.set(loansCacheAtom, {
      customerId: 6,
      savedAt: Date.now(),
      loans: z.array(loanSchema).encode(loans.map((loan) => loanSchema.parse(loan))),
    });
    failing = true;
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos podido cargar tu préstamo.');
    expect(screen.queryByRole('region', { name: /^TU DEUDA ACTUAL/ })).not.toBeInTheDocument();
  });
});

describe('dashboard: the reopen snapshot (what the installed app paints before its code runs)', () => {
  const snapshot = () => {
    const text = localStorage.getItem(REOPEN_SNAPSHOT_KEY);
    return text === null ? null : (JSON.parse(text) as ReopenSnapshot);
  };
  beforeEach(() => localStorage.clear());

  it('a fresh answer is kept as shown, bound to the session; logout removes it', async () => {
    loans = [wireLoan('issued', [-25, 5, 35], 1)];
    await open();
    expect(await within(await summary()).findByRole('link', { name: 'Pagar' })).toBeInTheDocument();
    await waitFor(() => expect(snapshot()).not.toBeNull());
    const kept = snapshot()!;
    const session = store.get(sessionAtom.entryAtom) as { expiresAt: number };
    expect(kept).toMatchObject({ v: 2, expiresAt: session.expiresAt });
    expect(Date.now() - kept.savedAt).toBeLessThan(60_000);
    expect(kept.loans).toEqual([
      {
        debt: within(await summary()).getByText(/€$/, { selector: '.dashboard-summary-debt' }).textContent,
        nextPaymentIso: day(5),
        nextPayment: formatIsoDate(day(5)),
      },
    ]);
    await act(() => endSession(store));
    expect(snapshot()).toBeNull();
  });

  it('the kept copy shown while the session is checked is not kept again; without an open loan nothing is', async () => {
    await store.set(loansCacheAtom, {
      customerId: 5,
      savedAt: Date.now() - 60_000,
      loans: z.array(loanSchema).encode([loanSchema.parse(wireLoan('issued', [5, 35]))]),
    });
    store.set(sessionCheckingAtom, true);
    await open();
    await screen.findByText('Datos de hace 1 min');
    expect(snapshot()).toBeNull();

    localStorage.setItem(REOPEN_SNAPSHOT_KEY, '{"v":2}');
    loans = [wireLoan('repaid', [-60, -30], 2)];
    act(() => store.set(sessionCheckingAtom, false));
    await screen.findByRole('heading', { name: 'No tienes ningún préstamo activo' });
    await waitFor(() => expect(snapshot()).toBeNull());
  });
});

describe('dashboard: opened while start-up checks the session (the installed app reopened, issue 24)', () => {
  const keep = async (customerId: number, keptLoans: unknown[], savedAt = Date.now() - 5 * 60_000 - 1_000) =>
    store.set(loansCacheAtom, {
      customerId,
      savedAt,
      loans: z.array(loanSchema).encode(keptLoans.map((loan) => loanSchema.parse(loan))),
    });

  it('the kept loans show at once with their age and Pagar disabled, asking nothing; the fresh ones replace them', async () => {
    // Kept from the last visit: 3 x 100,10 € unpaid; fresh: the first instalment has been paid since.
    await keep(5, [wireLoan('issued', [5, 35, 65])]);
    loans = [wireLoan('issued', [-25, 5, 35], 1)];
    store.set(sessionCheckingAtom, true);
    await open();
    const note = await screen.findByText('Datos de hace 5 min');
    expect(note.closest('[role="status"]')).toHaveTextContent(
      'Estamos actualizando tus datos: podrás pagar en un momento.',
    );
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    const kept = await summary();
    expect(kept).toHaveTextContent('300,30');
    const pay = within(kept).getByRole('button', { name: 'Pagar' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('Estamos actualizando tus datos: podrás pagar en un momento.');
    // Neither the loans nor the withdrawal quote are asked before the session is checked.
    expect(server.requests).toEqual([]);

    act(() => store.set(sessionCheckingAtom, false));
    expect(await within(await summary()).findByRole('link', { name: 'Pagar' })).toBeInTheDocument();
    expect(await summary()).toHaveTextContent('200,20');
    expect(screen.queryByText(/^Datos de hace/)).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request.url === '/api/loan/customerAllLoans')).toHaveLength(1);
  });

  it('the session check ending the session clears the kept loans from the page', async () => {
    await keep(5, [wireLoan('issued', [5, 35])]);
    store.set(sessionCheckingAtom, true);
    await open();
    await summary();
    await act(async () => {
      await endSession(store);
      store.set(sessionCheckingAtom, false);
    });
    expect(screen.queryByRole('region', { name: /^TU DEUDA ACTUAL/ })).not.toBeInTheDocument();
    expect(await store.get(loansCacheAtom)).toBeNull();
  });

  it("another customer's kept loans never show: the page waits for the session check", async () => {
    await keep(6, [wireLoan('issued', [5, 35])]);
    store.set(sessionCheckingAtom, true);
    await open();
    expect(screen.getByRole('progressbar', { name: 'Cargando tu préstamo' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^TU DEUDA ACTUAL/ })).not.toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });

  it('?accion=pagar waits for the session check, then goes on with the fresh loans', async () => {
    await keep(5, [wireLoan('issued', [5, 35])]);
    loans = [wireLoan('issued', [-1, 29])];
    store.set(sessionCheckingAtom, true);
    await renderPage(store, '/dashboard', <DashboardPage />, '/dashboard?accion=pagar');
    await summary();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    act(() => store.set(sessionCheckingAtom, false));
    await waitFor(() => expect(where()).toMatch(/^\/payment\//));
  });
});

describe('dashboard: the review invitation after the last loan is repaid', () => {
  const reviewRequests = () => server.requests.filter((request) => request.url.includes('customerReviewLink'));
  const invitation = () => screen.queryByRole('complementary', { name: '¿Qué tal tu experiencia?' });

  it('no running loan and the latest one repaid: the invitation links to its review page in a new tab', async () => {
    loans = [
      { ...wireLoan('repaid', [-100, -70], 2, 30), createdDate: day(-130) },
      { ...wireLoan('repaid', [-20, -5], 2, 31), createdDate: day(-50) },
    ];
    await open();
    await screen.findByRole('heading', { name: 'No tienes ningún préstamo activo' });
    await waitFor(() => expect(invitation()).toBeInTheDocument());
    const link = within(invitation()!).getByRole('link', { name: /Dejar mi opinión/ });
    expect(link).toHaveAttribute('href', 'http://127.0.0.1/sandbox/review/AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(reviewRequests().map((request) => JSON.parse(request.body.toString()) as unknown)).toEqual([
      { customerId: 5, reviewUniqueRef: 'loan-31' },
    ]);
  });

  it('the latest loan not repaid (cancelled), a running loan, or a refused link: no invitation', async () => {
    loans = [
      { ...wireLoan('repaid', [-100, -70], 2, 30), createdDate: day(-130) },
      { ...wireLoan('cancelled', [20, 50], 0, 31), createdDate: day(-5) },
    ];
    await open();
    await screen.findByRole('heading', { name: 'No tienes ningún préstamo activo' });
    expect(invitation()).not.toBeInTheDocument();
    cleanup();

    loans = [wireLoan('repaid', [-100, -70], 2, 30), wireLoan('issued', [10, 40], 0, 31)];
    await open();
    await summary();
    expect(invitation()).not.toBeInTheDocument();
    expect(reviewRequests()).toHaveLength(0);
    cleanup();

    server.handler = (request, response) =>
      request.url === '/api/communication/customerReviewLink'
        ? json(response, 404, {
            errors: [{ code: { name: 'LoanNotFound', value: 1201 }, message: 'x', title: 'Aviso' }],
          })
        : handle(request, response);
    loans = [wireLoan('repaid', [-20, -5], 2, 31)];
    await open();
    await screen.findByRole('heading', { name: 'No tienes ningún préstamo activo' });
    await waitFor(() => expect(reviewRequests()).toHaveLength(1));
    expect(invitation()).not.toBeInTheDocument();
  });
});
