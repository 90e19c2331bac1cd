import { useQueryClient } from '@tanstack/react-query';
import * as transfer from '@tightlines/core/api/transfer';
import type { ImportProblem } from '@tightlines/core/api/transfer';
import { call, type ApiError } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { myLogsKey } from '../../../lib/my-logs';
import { useSubmitMutation } from '../../../lib/submit-mutation';

export const exportLogs = () => call(transfer.exportLogs);

/** The importer's field name is `userLogs`; progress goes from 0 to 1 as the file is sent. */
export function importLogs({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) {
  const form = new FormData();
  form.append('userLogs', file);
  return call(transfer.importLogs, { form }, { onUploadProgress: onProgress });
}

/** Geotagged photos become draft logs at the places and times they were taken. */
export function draftsFromPhotos(files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('photos', file, file.name);
  return call(transfer.draftsFromPhotos, { form });
}

function useRefreshLogs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: myLogsKey });
}

export const useExportLogs = () => useSubmitMutation({ mutationFn: exportLogs, onSuccess: (file) => saveFile(file, 'myfishinglogs.csv') });

export function useImportLogs() {
  const refresh = useRefreshLogs();
  return useSubmitMutation({ mutationFn: importLogs, onSuccess: refresh });
}

export function useDraftsFromPhotos() {
  const refresh = useRefreshLogs();
  return useSubmitMutation({ mutationFn: draftsFromPhotos, onSuccess: refresh });
}

/** The rows a refused import names: its 400 answer carries them beside `error`. */
export function importProblems(error: ApiError): ImportProblem[] {
  const rows = (error.body as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as ImportProblem[]) : [];
}
