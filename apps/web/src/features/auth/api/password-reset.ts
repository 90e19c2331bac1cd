import * as accounts from '@tightlines/core/api/accounts';
import { call } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/submit-mutation';

export const requestPasswordReset = ({ email, refer }: { email: string; refer?: string | undefined }) =>
  call(accounts.forgotPassword, { body: { email, ...(refer ? { refer } : {}) } });
export const exchangeResetCode = (code: string) => call(accounts.passwordToken, { body: { token: code } });
export const resetPassword = ({ token, password, passwordConfirm }: { token: string; password: string; passwordConfirm: string }) =>
  call(accounts.resetPassword, { params: { token }, body: { password, passwordConfirm } });

export const useRequestPasswordReset = () => useSubmitMutation({ mutationFn: requestPasswordReset });
export const useExchangeResetCode = () => useSubmitMutation({ mutationFn: exchangeResetCode });
export const useResetPassword = () => useSubmitMutation({ mutationFn: resetPassword });
