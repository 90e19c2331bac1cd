import * as accounts from '@tightlines/core/api/accounts';
import type { CallInput } from '@tightlines/core/api/contract';
import { call } from '../../../lib/api';
import { useKeepUser } from '../../../lib/current-user';
import { useSubmitMutation } from '../../../lib/submit-mutation';

export const updateUser = (body: CallInput<typeof accounts.updateUser>['body']) => call(accounts.updateUser, { body });
export const updateEmail = (body: CallInput<typeof accounts.updateEmail>['body']) => call(accounts.updateEmail, { body });
export const requestPasswordReset = (email: string) => call(accounts.forgotPassword, { body: { email } });

export function setProfileImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return call(accounts.setProfileImage, { form });
}

/** Username and newsletter: the answer is the whole user, kept as the current user. */
export function useUpdateUser() {
  const keep = useKeepUser();
  return useSubmitMutation({ mutationFn: updateUser, onSuccess: keep });
}

export function useUpdateEmail() {
  const keep = useKeepUser();
  return useSubmitMutation({ mutationFn: updateEmail, onSuccess: keep });
}

export function useSetProfileImage() {
  const keep = useKeepUser();
  return useSubmitMutation({ mutationFn: setProfileImage, onSuccess: ({ user }) => keep(user) });
}

export const useRequestPasswordReset = () => useSubmitMutation({ mutationFn: requestPasswordReset });
