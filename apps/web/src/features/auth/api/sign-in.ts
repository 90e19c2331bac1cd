import * as accounts from '@tightlines/core/api/accounts';
import type { CallInput } from '@tightlines/core/api/contract';
import { call } from '../../../lib/api';
import { useSignIn } from '../../../lib/current-user';
import { useSubmitMutation } from '../../../lib/submit-mutation';

export type RegisterBody = CallInput<typeof accounts.register>['body'];
export type LoginBody = CallInput<typeof accounts.login>['body'];

export const register = (body: RegisterBody) => call(accounts.register, { body });
export const login = (body: LoginBody) => call(accounts.login, { body });
/** The voice assistant's native login flow signs in through the seed's login-native call. */
export const loginNative = (body: LoginBody) => call(accounts.loginNative, { body });

/** Registers and signs the new member in. */
export function useRegister() {
  const signIn = useSignIn();
  return useSubmitMutation({ mutationFn: register, onSuccess: signIn });
}

export function useLogin(native = false) {
  const signIn = useSignIn();
  return useSubmitMutation({ mutationFn: native ? loginNative : login, onSuccess: signIn });
}
