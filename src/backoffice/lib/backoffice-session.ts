import { StaffLogoutPost } from '../../shared/api/staff.ts';
import { createStaffApi } from './api-client.ts';
import { createSessionStore } from './session-store.ts';

/**
 * The back office's one session and one API client: the store holds the tab's session, the client sends it. A logout
 * posted by another tab also revokes this tab's own token on the server.
 */
export const sessionStore = createSessionStore({ onRemoteLogout: (ended) => void staffApi.revoke(ended) });
export const staffApi = createStaffApi({ session: sessionStore });
export const call = staffApi.call;
export const callFile = staffApi.file;

/** 'Cerrar sesión': the server revokes the session (a failure is left to its expiry), then every tab ends it. */
export async function logOut(): Promise<void> {
  try {
    await call(StaffLogoutPost);
  } catch {
    // Unreachable or already ended: it ends here anyway.
  }
  sessionStore.end('loggedOut', { announce: true });
}
