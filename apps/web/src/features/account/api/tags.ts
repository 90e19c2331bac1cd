import { useQueryClient } from '@tanstack/react-query';
import * as tags from '@tightlines/core/api/tags';
import { call } from '../../../lib/api';
import { myLogsKey } from '../../../lib/my-logs';
import { myTagsQueryOptions } from '../../../lib/my-tags';
import { useSubmitMutation } from '../../../lib/submit-mutation';

export const addTag = (tag: string) => call(tags.addTag, { body: { tag } });
export const removeTag = (tag: string) => call(tags.removeTag, { body: { tag } });

/** Adds or removes a tag of the angler's list; the answer is the whole list. */
export function useChangeTags() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ action, tag }: { action: 'add' | 'remove'; tag: string }) => (action === 'add' ? addTag(tag) : removeTag(tag)),
    onSuccess: async (list) => {
      client.setQueryData(myTagsQueryOptions().queryKey, list);
      // A removed tag leaves every log that had it; their cached copies are now out of date.
      await client.invalidateQueries({ queryKey: myLogsKey });
    },
  });
}
