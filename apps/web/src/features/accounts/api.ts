import * as accounts from '@tightlines/core/api/accounts';
import { call } from '../../lib/api';

export type RegisterForm = { username: string; email: string; password: string; passwordConfirm: string };

export const registerUser = (form: RegisterForm) => call(accounts.register, { body: form });
export const loginUser = (form: { email: string; password: string }) => call(accounts.login, { body: form });
export const requestPasswordReset = (email: string, refer?: string) =>
  call(accounts.forgotPassword, { body: { email, ...(refer ? { refer } : {}) } });
export const exchangeResetCode = (code: string) => call(accounts.passwordToken, { body: { token: code } });
export const resetPassword = (token: string, password: string, passwordConfirm: string) =>
  call(accounts.resetPassword, { params: { token }, body: { password, passwordConfirm } });
