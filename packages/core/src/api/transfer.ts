import { z } from 'zod';
import { logView } from '../logs';
import { contract, raw } from './contract';

/** What became of each photo sent to drafts-from-photos. */
export const photoDrafts = z.object({
  created: z.array(logView),
  skipped: z.array(z.object({ file: z.string(), reason: z.string() })),
});
export type PhotoDrafts = z.infer<typeof photoDrafts>;

/** A refused import's rows (in its 400 answer beside `error`): nothing was saved. */
export const importProblem = z.object({ row: z.number().int(), message: z.string() });
export type ImportProblem = z.infer<typeof importProblem>;

export const exportLogs = contract({
  method: 'GET',
  path: '/api/user/export-logs',
  access: 'member',
  summary: 'Every log of the member as a CSV file (`myfishinglogs.csv`, see docs/csv.md), streamed in time order.',
  response: raw('text/csv'),
});

export const importLogs = contract({
  method: 'POST',
  path: '/api/util/import/csv/user-logs',
  access: 'member',
  summary:
    'Imports a CSV file (multipart, field `userLogs`, premium): all or nothing; a refused file answers 400 with `rows: [{row, message}]`.',
  body: 'multipart',
  response: z.object({ imported: z.number().int() }),
});

export const draftsFromPhotos = contract({
  method: 'POST',
  path: '/api/logs/from-photos',
  access: 'member',
  summary:
    'A private Draft log for each geotagged photo (multipart, up to 20), at its place and time; 201 when any was made, else 200.',
  body: 'multipart',
  response: photoDrafts,
});
