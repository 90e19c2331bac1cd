import { useQueryClient } from '@tanstack/react-query';
import * as logs from '@tightlines/core/api/logs';
import { call } from '../../../lib/api';
import { myTagsQueryOptions } from '../../../lib/my-tags';
import { useSubmitMutation } from '../../../lib/submit-mutation';

export function uploadImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return call(logs.uploadImage, { form });
}

/** The nearest river gauge's reading; `id` is the saved log's, which then keeps it, or absent for a new log. */
export const getWaterflow = ({ id, lat, lng, date }: { id: string | undefined; lat: number; lng: number; date: string }) =>
  call(logs.getWaterflow, { params: { id: id ?? 'new' }, body: { lat, lng, date } });

export const addTagToLog = ({ id, tag }: { id: string; tag: string }) => call(logs.addTagToLog, { body: { id, tag } });
export const removeTagFromLog = ({ id, tag }: { id: string; tag: string }) => call(logs.removeTagFromLog, { body: { id, tag } });

export const useUploadImage = () => useSubmitMutation({ mutationFn: uploadImage });
export const useWaterflowLookup = () => useSubmitMutation({ mutationFn: getWaterflow });

/** Tags of a saved log change at once on the server; a new tag also joins the angler's tag list. */
export function useLogTag() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ action, ...tag }: { action: 'add' | 'remove'; id: string; tag: string }) =>
      action === 'add' ? addTagToLog(tag) : removeTagFromLog(tag),
    onSuccess: () => client.invalidateQueries({ queryKey: myTagsQueryOptions().queryKey }),
  });
}
