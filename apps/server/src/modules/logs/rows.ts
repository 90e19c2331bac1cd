import { getTableColumns, type SQL } from 'drizzle-orm';
import type { LogInput } from '@tightlines/core/logs';
import { logs } from '../../db/schema';

// The map's stored markers and local minute are read by SQL alone (the markers' aggregates): a log
// read whole would carry some 250 bytes more a row that nothing uses, and on PGlite a bytea is read
// back a hex character at a time. Every read of whole logs selects these columns, never `select()`.
const { localMinute, marker, markerBytes, ...rowColumns } = getTableColumns(logs);

/** The columns of a log as the server reads it, and such a row. */
export const logRowColumns = rowColumns;
export type LogRow = Omit<typeof logs.$inferSelect, 'localMinute' | 'marker' | 'markerBytes'>;
/** What an insert takes. */
export type NewLog = typeof logs.$inferInsert;
/** A new log whose outing the insert itself looks up. */
export type NewLogValues = Omit<NewLog, 'outingId'> & { outingId?: NewLog['outingId'] | SQL<string | null> };

/** The columns a log's input sets; shared by create, update and import. */
export function inputColumns(input: LogInput): Omit<NewLog, 'userId' | 'occurredAt' | 'timeZone'> {
  return {
    type: input.type,
    notes: input.notes,
    photo: input.photo,
    clusterCount: input.clusterCount ?? null,
    tags: [...new Set(input.tags)],
    privacy: input.privacy,
    lat: input.location.lat,
    lng: input.location.lng,
    lakeName: input.location.lake,
    zone: input.location.zone,
    locationStructure: input.location.lakeStructure,
    fishSpecies: input.fish.species,
    fishLength: input.fish.length,
    fishGirth: input.fish.girth,
    fishWeight: input.fish.weight,
    lureCategory: input.lure.category,
    lureColorPrimary: input.lure.colorPrimary,
    lureColorSecondary: input.lure.colorSecondary,
    lureLength: input.lure.length,
    lureNote: input.lure.note,
    waterTemp: input.lake.waterTemp,
    waterVisibility: input.lake.waterVisibility,
    lakeStructure: input.lake.lakeStructure,
    lakeDepth: input.lake.lakeDepth,
    lureDepth: input.lake.lureDepth,
  };
}
