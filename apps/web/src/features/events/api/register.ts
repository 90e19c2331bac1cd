import { useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@tightlines/core/api/contract';
import * as api from '@tightlines/core/api/events';
import type { CheckinAnswer, RegisterAnswer } from '@tightlines/core/api/events';
import { call } from '../../../lib/api';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { eventQueryOptions } from './get-event';
import { eventsKey } from './get-events';

export type RegisterBody = CallInput<typeof api.register>['body'];

/** POST api/fc/event/register/{id}: the answer is the event, which replaces the page's copy. */
export function useRegisterForEvent(id: string) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: RegisterBody) => call(api.register, { params: { id }, body }),
    onSuccess: async (answer: RegisterAnswer) => {
      const { message: _message, redirect: _redirect, ...event } = answer;
      client.setQueryData(eventQueryOptions(id).queryKey, event);
      // The user's events.registered and the dashboard's lists follow.
      await Promise.all([
        client.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
        client.invalidateQueries({ queryKey: eventsKey }),
      ]);
    },
  });
}

/** POST api/fc/event/checkin/{id} with the browser's zone and position. */
export function useCheckin(id: string) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: { tz: string; position: { lat: number; lng: number } | null }) => call(api.checkin, { params: { id }, body }),
    onSuccess: (answer: CheckinAnswer) => client.setQueryData(eventQueryOptions(id).queryKey, answer.event),
  });
}
