import * as accounts from '@tightlines/core/api/accounts';
import { call } from '../../lib/api';
import { session } from '../../lib/session';
import { useSubmitMutation } from '../../lib/submit-mutation';

/**
 * Revokes the token on the server, forgets it here, then starts the app afresh. The token is
 * forgotten either way: a server that cannot be reached expires it later.
 */
export function useLogout() {
  const mutation = useSubmitMutation({
    mutationFn: () => call(accounts.logout),
    onSettled: () => {
      session.clear();
      window.location.assign('/login-register?action=login');
    },
  });
  return { run: () => mutation.mutate(), isPending: mutation.isPending };
}
