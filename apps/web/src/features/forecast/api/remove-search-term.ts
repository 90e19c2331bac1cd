import * as forecastApi from '@tightlines/core/api/forecast';
import { call } from '../../../lib/api';
import { useKeepUser } from '../../../lib/current-user';
import { useSubmitMutation } from '../../../lib/submit-mutation';

export const removeSearchTerm = (term: string) => call(forecastApi.removeSearchTerm, { body: { term } });

/** The answer is the user with the search gone from its saved searches. */
export function useRemoveSearchTerm() {
  const keep = useKeepUser();
  return useSubmitMutation({ mutationFn: removeSearchTerm, onSuccess: keep });
}
