import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import type { Loan } from '../../shared/api/loan-schemas.ts';
import { onlineAtom } from '../pwa/network-status.ts';
import { useSession } from '../session/session.ts';
import { loadLoans } from './load-loans.ts';
import { loansStateAtom, type LoansState } from './loans-state.ts';

export interface LoansView {
  readonly state: LoansState;
  /** The loans when known (fresh or kept), else undefined. */
  readonly loans: readonly Loan[] | undefined;
  /** When the shown answer came from the server (epoch ms). */
  readonly savedAt: number | undefined;
  /** The shown loans may be out of date: offline, or the last load failed. Paying is then disabled. */
  readonly stale: boolean;
  readonly online: boolean;
  /** Loads again (Reintentar, back online). */
  readonly reload: () => Promise<LoansState>;
}

/**
 * The customer's loans for a component (the dashboard, the side menu, the header). `refresh`: load on mount even when
 * loans are already known (the dashboard always shows the latest); otherwise only when nothing is known yet. Kept
 * loans are loaded again when the connection comes back.
 */
export function useLoans({ refresh = false }: { refresh?: boolean } = {}): LoansView {
  const store = useStore();
  const state = useAtomValue(loansStateAtom);
  const online = useAtomValue(onlineAtom);
  const { member } = useSession();
  const memberId = member?.id;

  useEffect(() => {
    if (memberId === undefined) return;
    const known = store.get(loansStateAtom);
    const mine = known.kind !== 'idle' && known.customerId === memberId;
    if (refresh || !mine) void loadLoans(store);
  }, [store, memberId, refresh]);

  // Back online: load again (the shown loans may be out of date).
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && memberId !== undefined) void loadLoans(store);
  }, [online, memberId, store]);

  const mine = state.kind !== 'idle' && state.customerId === memberId;
  const ready = mine && state.kind === 'ready' ? state : undefined;
  return {
    state: mine ? state : { kind: 'idle' },
    loans: ready?.loans,
    savedAt: ready?.savedAt,
    stale: ready !== undefined && (ready.stale || !online),
    online,
    reload: () => loadLoans(store),
  };
}
