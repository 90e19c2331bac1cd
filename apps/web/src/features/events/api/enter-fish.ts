import { useQueryClient } from '@tanstack/react-query';
import * as api from '@tightlines/core/api/events';
import type { EnterFishInput } from '@tightlines/core/api/events';
import * as logs from '@tightlines/core/api/logs';
import { call } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { eventQueryOptions } from './get-event';

/** A fish photo goes through the same upload as a log's: the server keeps its EXIF apart and serves it without. */
export function uploadFishPhoto(file: File) {
  const form = new FormData();
  form.append('file', file);
  return call(logs.uploadImage, { form });
}

export const useUploadFishPhoto = () => useSubmitMutation({ mutationFn: uploadFishPhoto });

type Variables = { eventId: string; fish: Omit<EnterFishInput, 'size'> & { size: number } };

/** POST api/fc/event/enter-fish/{id}; the answer is the event with its board, kept as the event's query data. */
export function useEnterFish() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ eventId, fish }: Variables) => call(api.enterFish, { params: { id: eventId }, body: fish }),
    onSuccess: (event) => client.setQueryData(eventQueryOptions(event._id).queryKey, event),
  });
}
