import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import type { Loan } from '../../shared/api/loan-schemas.ts';
import { onlineAtom } from '../pwa/network-status.ts';
import { useSession, useSessionChecking } from '../session/session.ts';
import { loadLoans, showKeptLoans } from './load-loans.ts';
import { loansStateAtom, type LoansState } from './loans-state.ts';

export interface LoansView {
  readonly state: LoansState;
  /** The loans when known (fresh or kept), else undefined. */
  readonly loans: readonly Loan[] | undefined;
  /** When the shown answer came from the server (epoch ms). */
  readonly savedAt: number | undefined;
  /**
   * The shown loans may be out of date: offline, the last load failed, or the copy kept from the last visit shows while
   * start-up checks the session (`checking`). Paying is then disabled.
   */
  readonly stale: boolean;
  /** The shown loans are the copy kept from the last visit, shown while start-up checks the session. */
  readonly checking: boolean;
  readonly online: boolean;
  /** Loads again (Reintentar, back online). */
  readonly reload: () => Promise<LoansState>;
}

/**
 * The customer's loans for a component (the dashboard, the side menu, the header). `refresh`: load on mount even when
 * loans are already known (the dashboard always shows the latest); otherwise only when nothing is known yet. Kept
 * loans are loaded again when the connection comes back. Until start-up has checked the session nothing is asked of
 * the server: the loans kept from the last visit show meanwhile (`checking`), and are loaded fresh once it has.
 */
export function useLoans({ refresh = false }: { refresh?: boolean } = {}): LoansView {
  const store = useStore();
  const state = useAtomValue(loansStateAtom);
  const online = useAtomValue(onlineAtom);
  const { member } = useSession();
  const sessionChecking = useSessionChecking();
  const memberId = member?.id;

  useEffect(() => {
    if (memberId === undefined) return;
    if (sessionChecking) {
      void showKeptLoans(store);
      return;
    }
    const known = store.get(loansStateAtom);
    const mine = known.kind !== 'idle' && known.customerId === memberId;
    const kept = known.kind === 'ready' && known.checking === true;
    if (refresh || !mine || kept) void loadLoans(store);
  }, [store, memberId, refresh, sessionChecking]);

  // Back online: load again (the shown loans may be out of date).
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && memberId !== undefined && !sessionChecking) void loadLoans(store);
  }, [online, memberId, store, sessionChecking]);

  const mine = state.kind !== 'idle' && state.customerId === memberId;
  const ready = mine && state.kind === 'ready' ? state : undefined;
  return {
    state: mine ? state : { kind: 'idle' },
    loans: ready?.loans,
    savedAt: ready?.savedAt,
    stale: ready !== undefined && (ready.stale || !online),
    checking: ready?.checking === true,
    online,
    reload: () => loadLoans(store),
  };
}
