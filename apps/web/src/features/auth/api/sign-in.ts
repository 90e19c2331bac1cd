import type * as accounts from '@tightlines/core/api/accounts';
import type { CallInput } from '@tightlines/core/api/contract';
import { call } from '../../../lib/api';
import { signIn } from '../../../lib/session';
import { useSubmission } from '../../../lib/submission';

export type RegisterBody = CallInput<typeof accounts.register>['body'];
export type LoginBody = CallInput<typeof accounts.login>['body'];

/** The landing's and the login page's forms: the account contracts (and zod) load as the form is sent. */
const accountsApi = () => import('@tightlines/core/api/accounts');

export const register = async (body: RegisterBody) => call((await accountsApi()).register, { body });
export const login = async (body: LoginBody) => call((await accountsApi()).login, { body });
/** The voice assistant's native login flow signs in through the seed's login-native call. */
export const loginNative = async (body: LoginBody) => call((await accountsApi()).loginNative, { body });

/** Registers and signs the new member in. */
export const useRegister = () => useSubmission(register, signIn);

export const useLogin = (native = false) => useSubmission(native ? loginNative : login, signIn);
