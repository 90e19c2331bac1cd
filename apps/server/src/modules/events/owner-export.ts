import type { OwnerEntry } from '@tightlines/core/api/event-owner';
import { EXPORT_ENTRY_COLUMNS, EXPORT_FISH_FIELDS, flattenFields, formulaSafe } from '@tightlines/core/events/owner';
import Papa from 'papaparse';

/**
 * event-entry-details.csv: one row per entry. The fixed columns first, then every form field any
 * entry has (dotted names, sorted), then each fish as `Fish N <field>` up to the most any entry
 * caught. Every cell goes through formulaSafe: entrants type their own names and addresses.
 */
export function entriesCsv(entries: OwnerEntry[]): string {
  const flat = entries.map((e) => flattenFields(e.customFields));
  const fieldNames = [...new Set(flat.flatMap((f) => Object.keys(f)))].sort();
  const mostFish = Math.max(0, ...entries.map((e) => e.fish.length));
  const fishColumns = Array.from({ length: mostFish }, (_, i) => EXPORT_FISH_FIELDS.map((f) => `Fish ${i + 1} ${f}`)).flat();
  const fields = [...EXPORT_ENTRY_COLUMNS, ...fieldNames, ...fishColumns].map((name) => String(formulaSafe(name)));
  const data = entries.map((e, i) => {
    const fixed = [
      e._id,
      e.id,
      e.name,
      e.username,
      e.email,
      e.linked,
      e.division,
      e.team?.name ?? null,
      e.team?.emails.map((t) => t.value).join('; ') ?? null,
      e.date,
      e.checkins.length,
      e.fish.length,
      e.fish.filter((f) => f.flag).length,
      e.points,
      e.pointsOverride ? `${e.pointsOverride.points} by ${e.pointsOverride.by ?? 'a former owner'} at ${e.pointsOverride.at}` : null,
    ];
    const custom = fieldNames.map((name) => flat[i]![name]);
    const fish = Array.from({ length: mostFish }, (_, n) => {
      const f = e.fish[n];
      return f ? [f.date, f.species, f.size, f.points, f.lake?.name ?? null, f.lure, f.flag] : EXPORT_FISH_FIELDS.map(() => null);
    }).flat();
    return [...fixed, ...custom, ...fish].map(formulaSafe);
  });
  return Papa.unparse({ fields, data }, { newline: '\r\n' });
}
