import { isReadOnlyView } from '../session/read-only-view.ts';

/**
 * The reopen snapshot: what the installed app paints before its code has loaded when a returning customer opens
 * `/dashboard`. After each dashboard render with a fresh answer, the dashboard keeps a minimal copy of its credit
 * summaries in `localStorage` (synchronous, so it paints before any IndexedDB read): the debt and the next payment's
 * date as the app formats them and when the answer came, nothing that names the customer or a loan (no name, no
 * customer or loan number). It is bound to the session: it expires with the stored session, is removed whenever the
 * kept loans are (`clearLoans`: logout in any tab, a session the check ended, an expired session) and when a session
 * starts (`startSession`), so a copy is only ever painted for the session that kept it. The app shell's document (`app.html`) paints
 * it at once with its age (`paintReopenSnapshot`, written inline by the build and allowed by its hash in the CSP): a
 * static, non-interactive copy (no button, no link: nothing can be paid from it) that goes as soon as the app shows
 * the dashboard's own data (kept or fresh), another page, or after `REOPEN_SNAPSHOT_MAX_MS`.
 */

/** The `localStorage` key; `REOPEN_SNAPSHOT_VERSION` changes when the stored shape does (an older copy is ignored). */
export const REOPEN_SNAPSHOT_KEY = 'prestamo-rapido.reopen-snapshot';
export const REOPEN_SNAPSHOT_VERSION = 2;
/** The painted element's id. */
export const REOPEN_SNAPSHOT_ID = 'reopen-snapshot';
/** At most this many summaries are kept (the dashboard rarely shows more than one). */
export const REOPEN_SNAPSHOT_MAX_LOANS = 3;
/** The painted copy goes after this long even if the app never showed the dashboard (a failed start). */
export const REOPEN_SNAPSHOT_MAX_MS = 20_000;

export interface ReopenSnapshotLoan {
  /** The debt as the app formats it: '1.234,56 €'. */
  readonly debt: string;
  /** The next payment's date, `YYYY-MM-DD` (not shown once it is past), and as the app shows it. */
  readonly nextPaymentIso: string | null;
  readonly nextPayment: string | null;
}

export interface ReopenSnapshot {
  readonly v: typeof REOPEN_SNAPSHOT_VERSION;
  /** When the answer shown came from the server (epoch ms). */
  readonly savedAt: number;
  /** The stored session's expiry (epoch ms): the copy is not painted after it. */
  readonly expiresAt: number;
  readonly loans: readonly ReopenSnapshotLoan[];
}

/** The origin's `localStorage`; none in a staff member's read-only view, which neither keeps nor clears a copy. */
const storage = (): Storage | null => {
  if (isReadOnlyView()) return null;
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked: nothing is kept
  }
};

/** Keeps the snapshot (a storage failure is ignored: the app opens as before). */
export function keepReopenSnapshot(snapshot: ReopenSnapshot): void {
  try {
    storage()?.setItem(REOPEN_SNAPSHOT_KEY, JSON.stringify(snapshot));
  } catch {
    // quota or blocked storage
  }
}

/** Removes the kept snapshot (and the painted copy, if it still shows). */
export function clearReopenSnapshot(): void {
  try {
    storage()?.removeItem(REOPEN_SNAPSHOT_KEY);
  } catch {
    // blocked storage
  }
  globalThis.document?.getElementById(REOPEN_SNAPSHOT_ID)?.remove();
}

/** The texts and settings the painter receives (it runs alone, before any of the app's code). */
export interface ReopenSnapshotPaintOptions {
  readonly key: string;
  readonly version: number;
  readonly id: string;
  /** The `sessionStorage` flag of a staff member's read-only view: such a tab paints nothing of the browser's. */
  readonly readOnlyFlag: string;
  readonly maxLoans: number;
  readonly maxMs: number;
  readonly css: string;
  readonly title: string;
  readonly currentDebt: string;
  readonly nextPayment: string;
  readonly dataAge: string;
  readonly under: string;
  readonly minutes: string;
  readonly hours: string;
  readonly day: string;
  readonly days: string;
  readonly checking: string;
  readonly offline: string;
}

/**
 * Paints the kept snapshot over the app shell's empty page, when the document is `/dashboard` (no `jwt` login link)
 * and a valid, unexpired copy of this version is kept; then removes it once the app shows the dashboard's own data or
 * its failure, another page, or the address changes, or after `maxMs`. Self-contained: the build writes its source
 * inline in `app.html` (it uses nothing but its argument and the browser's globals). A kept copy that is not valid
 * is removed. Returns whether it painted.
 */
export function paintReopenSnapshot(o: ReopenSnapshotPaintOptions): boolean {
  try {
    const path = location.pathname;
    if (!/^\/dashboard\/?$/.test(path) || new URLSearchParams(location.search).has('jwt')) return false;
    if (sessionStorage.getItem(o.readOnlyFlag) === '1') return false;
    const text = localStorage.getItem(o.key);
    if (text === null) return false;
    const now = Date.now();
    const s = JSON.parse(text) as Partial<ReopenSnapshot> | null;
    const str = (value: unknown) => typeof value === 'string' && value.length > 0 && value.length < 40;
    const valid =
      s !== null &&
      typeof s === 'object' &&
      s.v === o.version &&
      typeof s.savedAt === 'number' &&
      typeof s.expiresAt === 'number' &&
      s.savedAt <= now &&
      s.expiresAt > now &&
      Array.isArray(s.loans) &&
      s.loans.length > 0 &&
      s.loans.length <= o.maxLoans &&
      s.loans.every(
        (loan) =>
          typeof loan === 'object' &&
          loan !== null &&
          str(loan.debt) &&
          (loan.nextPayment === null || (str(loan.nextPayment) && str(loan.nextPaymentIso))),
      );
    if (!valid) {
      localStorage.removeItem(o.key);
      return false;
    }
    const element = (tag: string, content?: string, className?: string) => {
      const node = document.createElement(tag);
      if (content !== undefined) node.textContent = content;
      if (className !== undefined) node.className = className;
      return node;
    };
    const minutes = Math.floor((now - (s.savedAt as number)) / 60_000);
    const hours = Math.floor(minutes / 60);
    const days = Math.floor(hours / 24);
    const age =
      minutes < 1
        ? o.under
        : minutes < 60
          ? o.minutes.replace('{n}', String(minutes))
          : hours < 24
            ? o.hours.replace('{n}', String(hours))
            : days === 1
              ? o.day
              : o.days.replace('{n}', String(days));
    const today = new Date(now);
    const pad = (n: number) => String(n).padStart(2, '0');
    const todayIso = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;

    const style = element('style', o.css);
    const root = element('div', undefined, o.id);
    root.id = o.id;
    root.setAttribute('aria-busy', 'true');
    const page = element('div', undefined, 'container');
    page.append(element('h1', o.title));
    const note = element('div', undefined, 'ui-data-age');
    note.append(
      element('p', o.dataAge.replace('{age}', age), 'ui-data-age-age'),
      element('p', navigator.onLine ? o.checking : o.offline),
    );
    page.append(note);
    for (const loan of s.loans as ReopenSnapshotLoan[]) {
      const card = element('section', undefined, 'dashboard-summary');
      card.append(element('h2', o.currentDebt), element('p', loan.debt, 'dashboard-summary-debt'));
      if (loan.nextPayment !== null && (loan.nextPaymentIso as string) >= todayIso) {
        const facts = element('dl');
        const fact = element('div');
        fact.append(element('dt', o.nextPayment), element('dd', loan.nextPayment));
        facts.append(fact);
        card.append(facts);
      }
      page.append(card);
    }
    root.append(page);
    document.head.append(style);
    document.body.append(root);

    let observer: MutationObserver | null = null;
    const remove = () => {
      observer?.disconnect();
      root.remove();
      style.remove();
    };
    // The app has taken over: its dashboard shows data (kept or fresh), its failure or no loan, or another page shows.
    const takenOver = () => {
      if (location.pathname !== path) return true;
      const shown = document.querySelector('#root .page');
      if (shown === null) return false;
      return !shown.classList.contains('page-dashboard') || shown.querySelector('.ui-spinner') === null;
    };
    observer = new MutationObserver(() => {
      if (!root.isConnected || takenOver()) remove();
    });
    observer.observe(document.getElementById('root') ?? document.body, { childList: true, subtree: true });
    setTimeout(remove, o.maxMs);
    return true;
  } catch {
    // Nothing painted: the app opens as before.
    return false;
  }
}

/**
 * Starts the app from the app shell's inline script: its entry modules (modulepreloaded in the head, so they are
 * fetched and compiled meanwhile) are imported at once, or, when the reopen snapshot was painted, once that frame is
 * on screen (a task after the next animation frame): evaluating the app's modules first would hold the snapshot's
 * paint back by that long task. Self-contained, like `paintReopenSnapshot`.
 */
export function startAppModules(modules: readonly string[], painted: boolean): void {
  // Module script elements rather than a dynamic import: the build reads this function's source through Vite's SSR
  // loader, which rewrites dynamic imports into its own helper.
  const start = () => {
    for (const src of modules) {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = src;
      document.head.append(script);
    }
  };
  if (painted) requestAnimationFrame(() => setTimeout(start, 0));
  else start();
}
