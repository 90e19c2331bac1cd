import { useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@tightlines/core/api/contract';
import * as api from '@tightlines/core/api/events';
import type { EventView } from '@tightlines/core/api/events';
import { call } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { eventQueryOptions } from './get-event';
import { eventsKey } from './get-events';

export type DraftBody = CallInput<typeof api.eventDraft>['body'];
export type CreateBody = CallInput<typeof api.createEvent>['body'];

export const saveDraft = (body: DraftBody) => call(api.eventDraft, { body });
export const createEvent = (body: CreateBody) => call(api.createEvent, { body });

export function useSaveDraft() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: saveDraft,
    onSuccess: (saved: EventView) => client.setQueryData(eventQueryOptions(saved._id).queryKey, saved),
  });
}

export function useCreateEvent() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: createEvent,
    onSuccess: async (created: EventView) => {
      client.setQueryData(eventQueryOptions(created._id).queryKey, created);
      await client.invalidateQueries({ queryKey: eventsKey });
    },
  });
}
