import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REOPEN_SNAPSHOT_PAINT_OPTIONS,
  reopenSnapshotOf,
  reopenSnapshotScript,
} from '../../../../src/features/dashboard/reopen-snapshot.ts';
import { dataAge } from '../../../../src/lib/loans/data-age.ts';
import {
  clearReopenSnapshot,
  keepReopenSnapshot,
  paintReopenSnapshot,
  startAppModules,
  REOPEN_SNAPSHOT_ID,
  REOPEN_SNAPSHOT_KEY,
  REOPEN_SNAPSHOT_MAX_MS,
  type ReopenSnapshot,
} from '../../../../src/lib/loans/reopen-snapshot.ts';
import { DATA_AGE_TEXTS } from '../../../../src/lib/loans/texts.ts';
import { clearLoans } from '../../../../src/lib/loans/loans-state.ts';
import { startSession } from '../../../../src/lib/session/session.ts';
import { memberDetails } from '../../helpers/members.ts';
import { createStore } from 'jotai';
import { loanSchema, type Loan } from '../../../../src/shared/api/loan-schemas.ts';
import { addDaysIso, formatIsoDate } from '../../../../src/shared/calendar.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';

/**
 * The reopen snapshot: what the dashboard keeps after a fresh answer, and the app shell's inline painter that shows
 * it before the app's code runs (a static copy with its age, nothing to press), then goes once the app shows the page.
 */

const NOW = Date.parse('2026-11-28T10:00:00Z');
const MINUTE = 60_000;
const TODAY = '2026-11-28';

const wireLoan = (id: number, status: string, dueInDays: number[], amount = 1234.56) =>
  loanSchema.parse({
    id,
    loanAmount: 1000,
    createdDate: '2026-10-01',
    status,
    earlyClosureAmount: amount,
    installments: dueInDays.map((days, index) => ({
      id: id * 100 + index,
      status: 'notPaid',
      expectedDate: addDaysIso(TODAY, days),
      totalPayment: amount / dueInDays.length,
      initialBase: 80,
      initialCalculatedInterest: 20,
      payments: [],
    })),
    initialPayment: 100,
    firstRepaymentDate: addDaysIso(TODAY, dueInDays[0] ?? 0),
    overdueDay: dueInDays[0] ?? 0,
    isRestructured: false,
    toAccountId: 7,
  });

const snapshot = (overrides: Partial<ReopenSnapshot> = {}): ReopenSnapshot => ({
  v: 2,
  savedAt: NOW - 5 * MINUTE,
  expiresAt: NOW + 60 * MINUTE,
  loans: [{ debt: '1.234,56 €', nextPaymentIso: '2026-12-20', nextPayment: '20/12/2026' }],
  ...overrides,
});

const painted = () => document.getElementById(REOPEN_SNAPSHOT_ID);
const paint = () => paintReopenSnapshot(REOPEN_SNAPSHOT_PAINT_OPTIONS);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
  vi.setSystemTime(NOW);
  document.body.innerHTML = '<div id="root"></div>';
  window.history.replaceState(null, '', '/dashboard');
  localStorage.clear();
});
afterEach(() => {
  clearReopenSnapshot();
  document.head.querySelectorAll('style').forEach((style) => style.remove());
  vi.useRealTimers();
});

describe('what the dashboard keeps', () => {
  it('the open loans as the dashboard shows them: debt in euros, next payment; nothing that names a customer or loan', () => {
    const kept = reopenSnapshotOf([wireLoan(42, 'issued', [-3, 22])], {
      savedAt: NOW,
      expiresAt: NOW + 1000,
      today: TODAY,
    });
    expect(kept).toEqual({
      v: 2,
      savedAt: NOW,
      expiresAt: NOW + 1000,
      loans: [
        {
          // As the app formats money: '1.234,56 €' (a no-break space before the sign).
          debt: '1.234,56\u00a0€',
          nextPaymentIso: addDaysIso(TODAY, 22),
          nextPayment: formatIsoDate(addDaysIso(TODAY, 22)),
        },
      ],
    });
  });

  it('nothing without an open loan, or with more than it keeps', () => {
    const options = { savedAt: NOW, expiresAt: NOW + 1000, today: TODAY };
    expect(reopenSnapshotOf([], options)).toBeNull();
    const many = [1, 2, 3, 4].map((id) => wireLoan(id, 'issued', [10]) as Loan);
    expect(reopenSnapshotOf(many, options)).toBeNull();
  });

  it('is removed with the kept loans (logout, a session ended or expired)', async () => {
    keepReopenSnapshot(snapshot());
    paint();
    expect(painted()).not.toBeNull();
    await clearLoans(createStore() as unknown as AppStore);
    expect(localStorage.getItem(REOPEN_SNAPSHOT_KEY)).toBeNull();
    expect(painted()).toBeNull();
  });

  it('is removed when a session starts: a copy kept by an earlier session is never painted for another one', async () => {
    keepReopenSnapshot(snapshot());
    await startSession(createStore() as unknown as AppStore, { token: 'jwt-2', memberDetails: memberDetails() });
    expect(localStorage.getItem(REOPEN_SNAPSHOT_KEY)).toBeNull();
  });
});

describe('the app shell paints it before the app runs', () => {
  it('on /dashboard: the debt, the next payment, the age and why paying waits; nothing to press', () => {
    keepReopenSnapshot(snapshot());
    paint();
    const copy = painted();
    expect(copy).not.toBeNull();
    expect(copy?.querySelector('h1')).toHaveTextContent('Área de clientes');
    expect(copy?.querySelector('h2')).toHaveTextContent('TU DEUDA ACTUAL');
    expect(copy?.querySelector('.dashboard-summary-debt')).toHaveTextContent('1.234,56 €');
    expect(copy).toHaveTextContent('Próximo pago20/12/2026');
    expect(copy?.querySelector('.ui-data-age')).toHaveTextContent(
      'Datos de hace 5 minEstamos actualizando tus datos: podrás pagar en un momento.',
    );
    expect(copy?.querySelectorAll('button, a, input, [tabindex]')).toHaveLength(0);
    expect(copy).toHaveAttribute('aria-busy', 'true');
  });

  it('offline, says so', () => {
    keepReopenSnapshot(snapshot());
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    paint();
    online.mockRestore();
    expect(painted()?.querySelector('.ui-data-age')).toHaveTextContent('Sin conexión: no puedes pagar ahora.');
  });

  it('a next payment already past is not shown', () => {
    keepReopenSnapshot(
      snapshot({
        loans: [{ debt: '10,00 €', nextPaymentIso: '2026-11-27', nextPayment: '27/11/2026' }],
      }),
    );
    paint();
    expect(painted()).not.toHaveTextContent('Próximo pago');
  });

  it.each([0, 59_999, MINUTE, 59 * MINUTE, 60 * MINUTE, 23 * 60 * MINUTE, 24 * 60 * MINUTE, 3 * 24 * 60 * MINUTE])(
    'its age after %i ms is the app’s',
    (ms) => {
      keepReopenSnapshot(snapshot({ savedAt: NOW - ms, expiresAt: NOW + MINUTE }));
      paint();
      expect(painted()?.querySelector('.ui-data-age-age')).toHaveTextContent(
        `Datos de hace ${dataAge(ms, DATA_AGE_TEXTS)}`,
      );
    },
  );

  it.each([
    ['another page', '/cuenta', snapshot()],
    ['a jwt login link', '/dashboard?jwt=abc', snapshot()],
    ['nothing kept', '/dashboard', null],
  ])('not on %s', (_name, address, kept) => {
    window.history.replaceState(null, '', address);
    if (kept) keepReopenSnapshot(kept);
    paint();
    expect(painted()).toBeNull();
  });

  it.each([
    ['expired with the session', snapshot({ expiresAt: NOW })],
    ['of another version', { ...snapshot(), v: 1 } as unknown as ReopenSnapshot],
    ['from the future', snapshot({ savedAt: NOW + MINUTE })],
    ['without loans', snapshot({ loans: [] })],
    ['malformed', { ...snapshot(), loans: [{ debt: 7 }] } as unknown as ReopenSnapshot],
  ])('a copy %s is not painted and is removed', (_name, kept) => {
    keepReopenSnapshot(kept);
    paint();
    expect(painted()).toBeNull();
    expect(localStorage.getItem(REOPEN_SNAPSHOT_KEY)).toBeNull();
  });

  it('text that is not JSON paints nothing', () => {
    localStorage.setItem(REOPEN_SNAPSHOT_KEY, '{');
    paint();
    expect(painted()).toBeNull();
  });

  it('the built script (its source with the texts) paints alone', () => {
    keepReopenSnapshot(snapshot());
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockReturnValue(0);
    new Function(reopenSnapshotScript([]))();
    expect(painted()?.querySelector('.dashboard-summary-debt')).toHaveTextContent('1.234,56 €');
    // Painted: the app starts after that frame.
    expect(frame).toHaveBeenCalledTimes(1);
    frame.mockRestore();
  });

  it('the app starts at once when nothing was painted, after the painted frame otherwise', () => {
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockReturnValue(0);
    const started = () =>
      [...document.head.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src'));
    startAppModules(['/assets/runtime.js', '/assets/app.js'], false);
    expect(started()).toEqual(['/assets/runtime.js', '/assets/app.js']);
    expect(frame).not.toHaveBeenCalled();
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    startAppModules(['/assets/app.js'], true);
    expect(started()).toEqual([]);
    expect(frame).toHaveBeenCalledTimes(1);
    (frame.mock.calls[0]![0] as FrameRequestCallback)(0);
    vi.advanceTimersByTime(0);
    expect(started()).toEqual(['/assets/app.js']);
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    frame.mockRestore();
  });

  it('the script is plain browser code (nothing of the build’s module loader)', () => {
    expect(reopenSnapshotScript(['/assets/app.js'])).not.toMatch(/__vite|import\(/);
  });
});

describe('the painted copy goes once the app shows the page', () => {
  const flush = () => Promise.resolve().then(() => undefined);
  const root = () => document.getElementById('root')!;

  it('stays while the app loads the dashboard, goes when it shows its data', async () => {
    keepReopenSnapshot(snapshot());
    paint();
    root().innerHTML = '<main><div class="page-loading"></div></main>';
    await flush();
    expect(painted()).not.toBeNull();
    root().innerHTML = '<main><section class="page page-dashboard"><div class="ui-spinner"></div></section></main>';
    await flush();
    expect(painted()).not.toBeNull();
    root().querySelector('.ui-spinner')?.remove();
    await flush();
    expect(painted()).toBeNull();
  });

  it('goes when another page shows (a session the check ended, a new status)', async () => {
    keepReopenSnapshot(snapshot());
    paint();
    root().innerHTML = '<main><section class="page page-login-required"></section></main>';
    await flush();
    expect(painted()).toBeNull();
  });

  it(`goes after ${REOPEN_SNAPSHOT_MAX_MS} ms whatever happens`, () => {
    keepReopenSnapshot(snapshot());
    paint();
    vi.advanceTimersByTime(REOPEN_SNAPSHOT_MAX_MS);
    expect(painted()).toBeNull();
  });
});
