/**
 * The owner dashboard's EXIF check (issue 16): what a fish photo's camera said about when and where
 * it was taken, against when and where the fish was entered. A judge's first question is whether the
 * photo belongs to this fish; a disagreement is a prompt to look, never a verdict (docs/events.md,
 * "EXIF viewer"). Pure: the server answers the result, owners only.
 */
import { distanceKm } from '../geo';
import { resolveInstant } from '../time';

/** A photo may be taken this long before the fish is entered (a slow phone signal, a busy livewell). */
export const EXIF_BEFORE_MS = 2 * 3_600_000;
/** Or this long after it (a camera clock running a little ahead of the server's). */
export const EXIF_AFTER_MS = 10 * 60_000;
/** The check-in's water tolerance: a photo this far from the fish's entered position is elsewhere. */
export const EXIF_DISTANCE_KM = 1;

export type PhotoExifData = {
  takenAt: string | null;
  lat: number | null;
  lng: number | null;
  make: string | null;
  model: string | null;
  software: string | null;
};

export type FishWhenWhere = { date: string; lat: number | null; lng: number | null; tz: string | null };

export const exifMessages = {
  takenBefore: (minutes: number) => `Photo taken ${duration(minutes)} before the fish was entered.`,
  takenAfter: (minutes: number) => `Photo taken ${duration(minutes)} after the fish was entered.`,
  elsewhere: (km: number) => `Photo taken ${km < 10 ? km.toFixed(1) : Math.round(km)} km from where the fish was entered.`,
} as const;

function duration(minutes: number): string {
  if (minutes < 120) return `${minutes} min`;
  const hours = minutes / 60;
  return hours < 48 ? `${Math.round(hours)} h` : `${Math.round(hours / 24)} days`;
}

/**
 * The ways one photo's EXIF disagrees with its fish, in words for the judge; empty when it agrees
 * or says nothing. An EXIF time without an offset is the wall clock where the fish was entered
 * (its zone, else the event's).
 */
export function exifDisagreements(exif: PhotoExifData | null, fish: FishWhenWhere, eventTz: string): string[] {
  if (!exif) return [];
  const problems: string[] = [];
  if (exif.takenAt) {
    const taken = resolveInstant(exif.takenAt, fish.tz ?? eventTz, new Date(fish.date));
    const entered = Date.parse(fish.date);
    if (Number.isFinite(taken.getTime()) && Number.isFinite(entered)) {
      const gap = entered - taken.getTime();
      if (gap > EXIF_BEFORE_MS) problems.push(exifMessages.takenBefore(Math.round(gap / 60_000)));
      else if (-gap > EXIF_AFTER_MS) problems.push(exifMessages.takenAfter(Math.round(-gap / 60_000)));
    }
  }
  if (exif.lat !== null && exif.lng !== null && fish.lat !== null && fish.lng !== null) {
    const km = distanceKm({ lat: exif.lat, lng: exif.lng }, { lat: fish.lat, lng: fish.lng });
    if (km > EXIF_DISTANCE_KM) problems.push(exifMessages.elsewhere(km));
  }
  return problems;
}
