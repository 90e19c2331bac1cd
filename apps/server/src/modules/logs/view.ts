import type { LogType, LogView, Privacy } from '@tightlines/core/logs';
import { toLocalIso } from '@tightlines/core/time';
import type { LogRow } from './rows';

/** A stored log as the API answers it (the seeds' field names), local times at its place. */
export function toLogView(row: LogRow, username: string): LogView {
  const local = toLocalIso(row.occurredAt, row.timeZone);
  return {
    _id: row.id,
    username,
    type: row.type as LogType,
    date: local,
    time: local.slice(11, 16),
    timeZone: row.timeZone,
    notes: row.notes,
    photo: row.photo,
    clusterCount: row.clusterCount,
    tags: row.tags,
    privacy: row.privacy as Privacy,
    outingId: row.outingId,
    fish: { species: row.fishSpecies, length: row.fishLength, girth: row.fishGirth, weight: row.fishWeight },
    lure: {
      category: row.lureCategory,
      colorPrimary: row.lureColorPrimary,
      colorSecondary: row.lureColorSecondary,
      length: row.lureLength,
      note: row.lureNote,
    },
    lake: {
      waterTemp: row.waterTemp,
      waterVisibility: row.waterVisibility,
      lakeStructure: row.lakeStructure,
      lakeDepth: row.lakeDepth,
      lureDepth: row.lureDepth,
      waterflow: row.waterflow,
      station: row.gaugeStation,
      siteCode: row.gaugeSiteCode,
      agency: row.gaugeAgency,
      // The river gauge's place when the log has a reading, else the log's own spot on the lake it names.
      location: row.waterflow?.location ?? (row.lakeName ? { lat: row.lat, lng: row.lng } : null),
    },
    location: {
      lat: row.lat,
      lng: row.lng,
      lake: row.lakeName,
      state: row.state,
      zone: row.zone,
      lakeStructure: row.locationStructure,
    },
    weather: row.weather,
    lunar: row.lunar,
    lunarLocked: false,
    pending: row.pending,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A log as a caller sees it: lunar details (and so the rating drawn from them) are premium, so a
 * caller without premium gets none, only the note that they are locked.
 */
export function forViewer(view: LogView, premium: boolean): LogView {
  if (premium || view.lunar === null) return view;
  return { ...view, lunar: null, lunarLocked: true };
}
