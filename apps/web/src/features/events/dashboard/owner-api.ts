import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@tightlines/core/api/event-owner';
import { eventDates } from '@tightlines/core/api/events';
import * as logs from '@tightlines/core/api/logs';
import { EXPORT_FILENAME } from '@tightlines/core/events/owner';
import { call, type ApiError } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { eventsKey } from '../api/get-events';

const dashboardKey = (id: string) => [...eventsKey, 'dashboard', id] as const;

export const dashboardQueryOptions = (id: string) =>
  queryOptions({
    queryKey: dashboardKey(id),
    queryFn: () => call(api.dashboard, { params: { id } }),
    // 403 (not an owner) and 404 are answers, not hiccups.
    retry: (count, error: ApiError) => error.status >= 500 && count < 1,
  });

export const useDashboard = (id: string) => useQuery(dashboardQueryOptions(id));

/**
 * A fish photo the owner uploads for an entry: for its linked account (upload-image/{uid}) when it
 * has one, so admin/enter-fish files it as that angler's; else the owner's own upload.
 */
export function uploadFishPhotoFor(file: File, uid: string | null) {
  const form = new FormData();
  form.append('file', file);
  return uid ? call(logs.uploadImageFor, { params: { uid }, form }) : call(logs.uploadImage, { form });
}

/**
 * One owner call: sends it, then reloads the dashboard and the event (every owner call changes
 * what the event page and the board show). Errors are shown by the caller (the modal or an alert).
 */
function useOwnerCall<T, R = unknown>(send: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useSubmitMutation<R, T>({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: eventsKey }),
  });
}

export const useAddEntry = (id: string) =>
  useOwnerCall((body: api.ManualEntryBody) => call(api.registerManual, { params: { id }, body }));
export const useEditEntry = (id: string) =>
  useOwnerCall((entry: { _id: string; name?: string; email?: string; id?: string | null; customFields?: Record<string, unknown> }) =>
    call(api.editEntry, { params: { id }, body: { entry } }),
  );
export const useRemoveEntry = (id: string) => useOwnerCall((entryId: string) => call(api.removeEntry, { params: { id }, body: { entryId } }));
export const useFlagFish = (id: string) =>
  useOwnerCall((input: { fishId: string; flag: boolean; uid: string | null }) => call(api.flagFish, { body: { eventId: id, ...input } }));
export const useDeleteFish = (id: string) =>
  useOwnerCall((input: { fishId: string; uid: string | null }) => call(api.deleteFish, { body: { eventId: id, ...input } }));
export const useEditFish = (id: string) =>
  useOwnerCall(
    (body: { entryId: string; fishId: string; fish: { size?: number; points?: number; species?: string | null; lure?: string | null }; totalPoints?: number | null }) =>
      call(api.editEntryFish, { params: { id }, body }),
  );
export const useAdminEnterFish = (id: string) => useOwnerCall((body: api.AdminFishBody) => call(api.adminEnterFish, { params: { id }, body }));
export const useAdminCheckin = (id: string) => useOwnerCall((email: string) => call(api.adminCheckin, { params: { id }, body: { email } }));
export const useAdminCheckinAll = (id: string) => useOwnerCall(() => call(api.adminCheckinAll, { params: { id }, body: {} }));
export const useInvite = (id: string) => useOwnerCall((user: string) => call(api.inviteUser, { body: { id, user } }));
export const useEditOwners = (id: string) =>
  useOwnerCall((owners: Array<{ email: string; username?: string | null; id?: string | null }>) => call(api.editOwners, { params: { id }, body: { owners } }));
export const useUserCheck = (id: string) =>
  useOwnerCall((emails: Array<{ email: string; linked?: boolean | null }>) => call(api.userCheck, { params: { id }, body: { emails } }));
export const useMoveDates = (id: string) =>
  useOwnerCall((body: { dateStart: string; dateEnd: string }) => call(eventDates, { params: { id }, body }));

export const findUser = (email: string) => call(api.findUser, { body: { email } });

export async function exportEntries(id: string): Promise<void> {
  const blob = await call(api.exportEntries, { params: { id } });
  saveFile(blob, EXPORT_FILENAME);
}
