import * as accounts from '@tightlines/core/api/accounts';
import { call } from '../../../lib/api';
import { signIn } from '../../../lib/session';
import { useSubmitMutation } from '../../../lib/submit-mutation';

export const requestPasswordReset = ({ email, refer }: { email: string; refer?: string | undefined }) =>
  call(accounts.forgotPassword, { body: { email, ...(refer ? { refer } : {}) } });
export const exchangeResetCode = ({ code, email }: { code: string; email?: string | undefined }) =>
  call(accounts.passwordToken, { body: { token: code, ...(email ? { email } : {}) } });
export const resetPassword = ({ token, password, passwordConfirm }: { token: string; password: string; passwordConfirm: string }) =>
  call(accounts.resetPassword, { params: { token }, body: { password, passwordConfirm } });

export const useRequestPasswordReset = () => useSubmitMutation({ mutationFn: requestPasswordReset });
export const useExchangeResetCode = () => useSubmitMutation({ mutationFn: exchangeResetCode });
/** The reset signs the user in with a fresh session (every other one has ended). */
export const useResetPassword = () => useSubmitMutation({ mutationFn: resetPassword, onSuccess: signIn });

export const confirmEmail = (token: string) => call(accounts.confirmEmail, { body: { token } });
export const useConfirmEmail = () => useSubmitMutation({ mutationFn: confirmEmail });
