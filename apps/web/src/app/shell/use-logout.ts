import { call } from '../../lib/api';
import { session } from '../../lib/session';
import { useSubmitMutation } from '../../lib/submit-mutation';

/**
 * Revokes the token on the server, forgets it here, then starts the app afresh. The token is
 * forgotten either way: a server that cannot be reached expires it later.
 */
export function useLogout() {
  const mutation = useSubmitMutation({
    // The account contracts load on first use, not with the shell (see lib/current-user.ts).
    mutationFn: async () => call((await import('@tightlines/core/api/accounts')).logout),
    onSettled: () => {
      session.clear();
      window.location.assign('/login-register?action=login');
    },
  });
  return { run: () => mutation.mutate(), isPending: mutation.isPending };
}
