/**
 * Every query derived from the signed-in angler's logs (lists, charts, markers, stats, one log, an
 * outing) has a key that starts with this one, so creating, editing or deleting a log anywhere
 * refreshes them all with one invalidation. Features build their keys from it; none types it again.
 */
export const myLogsKey = ['logs'] as const;
