import type { UserView } from '@tightlines/core/accounts';
import { api } from '../../lib/api';

export type SignedInUser = UserView & { token: string };

export type RegisterForm = { username: string; email: string; password: string; passwordConfirm: string };

export const registerUser = (form: RegisterForm) => api<SignedInUser>('POST', '/api/user/register', { body: form });
export const loginUser = (form: { email: string; password: string }) =>
  api<SignedInUser>('POST', '/api/user/login', { body: form });
export const requestPasswordReset = (email: string, refer?: string) =>
  api<{ success: true }>('POST', '/api/user/forgot-password', { body: { email, ...(refer ? { refer } : {}) } });
export const exchangeResetCode = (code: string) =>
  api<{ token: string }>('POST', '/api/user/password-token/', { body: { token: code } });
export const resetPassword = (token: string, password: string, passwordConfirm: string) =>
  api<{ success: true }>('POST', `/api/user/reset-password/${encodeURIComponent(token)}`, {
    body: { password, passwordConfirm },
  });
