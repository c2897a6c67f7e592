import { DATA_AGE_TEXTS, PAY_DISABLED_TEXTS } from '../../lib/loans/texts.ts';
import {
  REOPEN_SNAPSHOT_ID,
  REOPEN_SNAPSHOT_KEY,
  REOPEN_SNAPSHOT_MAX_LOANS,
  REOPEN_SNAPSHOT_MAX_MS,
  REOPEN_SNAPSHOT_VERSION,
  paintReopenSnapshot,
  startAppModules,
  type ReopenSnapshot,
  type ReopenSnapshotPaintOptions,
} from '../../lib/loans/reopen-snapshot.ts';
import { READ_ONLY_VIEW_FLAG } from '../../lib/session/read-only-view.ts';
import type { Loan } from '../../shared/api/loan-schemas.ts';
import { formatIsoDate } from '../../shared/calendar.ts';
import { formatMoney } from '../../shared/money.ts';
import { routes } from '../../shared/routes/table.ts';
import { loanDebtCents, repaymentDates } from './loan-summary.ts';
import { DASHBOARD_PAGE_TEXTS as TEXT } from './texts.ts';

/**
 * The dashboard's reopen snapshot (src/lib/loans/reopen-snapshot.ts): what it keeps after a fresh answer, and the
 * painter's texts and styles, which the build writes inline in `app.html` (scripts/vite-prerender.ts).
 */

/**
 * The snapshot of the credit summaries shown (`open`, in the dashboard's order), or null when there is nothing to
 * paint (no open loan) or more than the snapshot keeps.
 */
export function reopenSnapshotOf(
  open: readonly Loan[],
  { savedAt, expiresAt, today }: { savedAt: number; expiresAt: number; today: string },
): ReopenSnapshot | null {
  if (open.length === 0 || open.length > REOPEN_SNAPSHOT_MAX_LOANS) return null;
  return {
    v: REOPEN_SNAPSHOT_VERSION,
    savedAt,
    expiresAt,
    loans: open.map((loan) => {
      const next = repaymentDates(loan, today).next;
      return {
        debt: formatMoney(loanDebtCents(loan)),
        nextPaymentIso: next,
        nextPayment: next === null ? null : formatIsoDate(next),
      };
    }),
  };
}

/** The painted copy's look: the dashboard's card in a few rules, over the page below the header. */
const CSS = [
  `#${REOPEN_SNAPSHOT_ID}{position:fixed;inset:var(--header-height,56px) 0 0;z-index:5;overflow:auto;background:var(--color-bg,#fff);padding-block:var(--space-5,24px)}`,
  `#${REOPEN_SNAPSHOT_ID} p{margin:0}`,
  `#${REOPEN_SNAPSHOT_ID} .ui-data-age{margin-block:var(--space-4,16px);padding:var(--space-3,12px) var(--space-4,16px);border-radius:var(--radius,8px);background:var(--color-warning-soft,#fffaeb)}`,
  `#${REOPEN_SNAPSHOT_ID} .ui-data-age-age{font-weight:600}`,
  `#${REOPEN_SNAPSHOT_ID} .dashboard-summary{margin-block:var(--space-4,16px);padding:var(--space-4,16px);border:1px solid var(--color-divider,#d0d5dd);border-radius:var(--radius-lg,12px)}`,
  `#${REOPEN_SNAPSHOT_ID} h2{margin:0;font-size:var(--font-size-sm,.875rem);color:var(--color-text-muted,#4a5568)}`,
  `#${REOPEN_SNAPSHOT_ID} .dashboard-summary-debt{margin-block:var(--space-2,8px);font-size:var(--font-size-xl,1.75rem);font-weight:700}`,
  `#${REOPEN_SNAPSHOT_ID} dl{display:flex;gap:var(--space-2,8px);margin:0}`,
  `#${REOPEN_SNAPSHOT_ID} dd{margin:0;font-weight:600}`,
].join('');

export const REOPEN_SNAPSHOT_PAINT_OPTIONS: ReopenSnapshotPaintOptions = {
  key: REOPEN_SNAPSHOT_KEY,
  version: REOPEN_SNAPSHOT_VERSION,
  id: REOPEN_SNAPSHOT_ID,
  readOnlyFlag: READ_ONLY_VIEW_FLAG,
  maxLoans: REOPEN_SNAPSHOT_MAX_LOANS,
  maxMs: REOPEN_SNAPSHOT_MAX_MS,
  css: CSS,
  title: routes.dashboard.title,
  currentDebt: TEXT.currentDebt,
  nextPayment: TEXT.nextPayment,
  dataAge: DATA_AGE_TEXTS.dataAge,
  under: DATA_AGE_TEXTS.under,
  minutes: DATA_AGE_TEXTS.minutes,
  hours: DATA_AGE_TEXTS.hours,
  day: DATA_AGE_TEXTS.day,
  days: DATA_AGE_TEXTS.days,
  checking: PAY_DISABLED_TEXTS.checkingReason,
  offline: PAY_DISABLED_TEXTS.offlineReason,
};

/**
 * The inline script of `app.html` (before minifying): the painter called with the dashboard's texts, then the app's
 * entry `modules` started (after the painted frame when it painted).
 */
export function reopenSnapshotScript(modules: readonly string[]): string {
  const paint = `(${paintReopenSnapshot.toString()})(${JSON.stringify(REOPEN_SNAPSHOT_PAINT_OPTIONS)})`;
  return `(${startAppModules.toString()})(${JSON.stringify(modules)},${paint});`;
}
