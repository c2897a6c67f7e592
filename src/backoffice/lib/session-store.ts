import { z } from 'zod';
import { staffMemberSchema, type StaffMember } from '../../shared/api/staff.ts';

/**
 * The staff member's session in this tab (docs/backoffice.md §6): the `bo_` token, who they are and when the session
 * ends, in memory and in `sessionStorage` (closing the tab ends it; never `localStorage` or IndexedDB, so a shared
 * office computer keeps nothing once the tab is closed). A logout in one tab is posted on the BroadcastChannel
 * `backoffice-session` and ends the session of every other back-office tab of the browser.
 */

export const SESSION_STORAGE_KEY = 'backoffice-session';
export const SESSION_CHANNEL = 'backoffice-session';

const storedSessionSchema = z.object({
  token: z.string().startsWith('bo_'),
  staff: staffMemberSchema,
  /** ISO instant of the absolute end (10 hours after login). */
  expiresAt: z.iso.datetime({ offset: true }),
  /** Seconds without a call after which the server ends the session (15 minutes). */
  idleSeconds: z.number().int().positive(),
});
export type StaffSession = z.infer<typeof storedSessionSchema>;

/** Why the last session ended: the server refused it (401, idle), or the staff member logged out (here or elsewhere). */
export type SessionEnd = 'expired' | 'loggedOut';

export interface SessionState {
  readonly session: StaffSession | null;
  readonly ended: SessionEnd | null;
  /** Whether the server has confirmed the session since this page loaded (a login, or `StaffMeGet` at start). */
  readonly confirmed: boolean;
}

const channelMessageSchema = z.object({ type: z.literal('logout') });

export interface SessionStoreDeps {
  /** Where the session survives a reload of the tab; read when the store is made and on `restore`. */
  storage?: () => Storage | undefined;
  openChannel?: (name: string) => BroadcastChannel | undefined;
  now?: () => number;
  /** Another tab logged out: this tab's own token should be revoked too (its session has ended here already). */
  onRemoteLogout?: (ended: StaffSession) => void;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** A new session (after the code): stored, confirmed. */
  start(session: StaffSession): void;
  /** The server's current view of the member (`StaffMeGet`, a password changed): kept, and the session confirmed. */
  confirm(staff: StaffMember): void;
  /** Ends this tab's session; `announce` posts the logout to every other tab. */
  end(reason: SessionEnd | null, options?: { announce?: boolean }): void;
  /** Reads the stored session again, unconfirmed (as a page load does). */
  restore(): void;
  /** A call reached the server with the session: the idle time starts again. */
  touch(): void;
  /** When the session was last used by a call (or started or restored), in the store's clock. */
  lastActivityAt(): number;
  onActivity(listener: () => void): () => void;
}

const defaultStorage = (): Storage | undefined => {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage blocked by the browser: the session lives in memory only
  }
};

const defaultChannel = (name: string): BroadcastChannel | undefined =>
  typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(name);

export function createSessionStore(deps: SessionStoreDeps = {}): SessionStore {
  const storage = deps.storage ?? defaultStorage;
  const now = deps.now ?? (() => Date.now());
  const listeners = new Set<() => void>();
  const activityListeners = new Set<() => void>();
  let lastActivity = now();

  const read = (): StaffSession | null => {
    const store = storage();
    const raw = store?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    let parsed: ReturnType<typeof storedSessionSchema.safeParse>;
    try {
      parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    } catch {
      parsed = storedSessionSchema.safeParse(undefined);
    }
    // Unreadable or past its absolute end: absent, and removed.
    if (!parsed.success || Date.parse(parsed.data.expiresAt) <= now()) {
      store?.removeItem(SESSION_STORAGE_KEY);
      return null;
    }
    return parsed.data;
  };

  const write = (session: StaffSession | null) => {
    const store = storage();
    try {
      if (session) store?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
      else store?.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // A full or blocked storage: the session still lives in memory until the tab closes.
    }
  };

  let state: SessionState = { session: read(), ended: null, confirmed: false };
  const set = (next: SessionState) => {
    state = next;
    write(next.session);
    for (const listener of [...listeners]) listener();
  };
  const markActive = () => {
    lastActivity = now();
    for (const listener of [...activityListeners]) listener();
  };

  const channel = deps.openChannel ? deps.openChannel(SESSION_CHANNEL) : defaultChannel(SESSION_CHANNEL);
  channel?.addEventListener('message', (event: MessageEvent) => {
    if (!channelMessageSchema.safeParse(event.data).success) return;
    const ended = state.session;
    if (!ended) return;
    set({ session: null, ended: 'loggedOut', confirmed: false });
    deps.onRemoteLogout?.(ended);
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(session) {
      set({ session, ended: null, confirmed: true });
      markActive();
    },
    confirm(staff) {
      if (state.session) set({ session: { ...state.session, staff }, ended: null, confirmed: true });
    },
    end(reason, { announce = false } = {}) {
      set({ session: null, ended: reason, confirmed: false });
      if (announce) {
        try {
          channel?.postMessage({ type: 'logout' });
        } catch {
          // A closed channel: the other tabs end on their next call (401).
        }
      }
    },
    restore() {
      set({ session: read(), ended: null, confirmed: false });
      markActive();
    },
    touch: markActive,
    lastActivityAt: () => lastActivity,
    onActivity(listener) {
      activityListeners.add(listener);
      return () => activityListeners.delete(listener);
    },
  };
}
