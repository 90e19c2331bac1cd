import { api } from '../../lib/api';
import { session } from '../../lib/session';

/** Forgets the user here, revokes the token on the server, then starts the app afresh. */
export async function logout() {
  try {
    await api('POST', '/api/user/logout');
  } catch {
    // The token is forgotten locally either way; a server that cannot be reached expires it later.
  } finally {
    session.clear();
    window.location.assign('/login-register?action=login');
  }
}
