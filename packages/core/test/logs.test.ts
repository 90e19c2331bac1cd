import { describe, expect, it } from 'vitest';
import { createOuting } from '../src/api/outings';
import { canViewLog, combineDateAndTime, logPatch, PRIVACY_LEVELS, visiblePrivacies } from '../src/logs';
import { OUTING_LOCATION_REQUIRED } from '../src/outings';

describe('visiblePrivacies', () => {
  it('lists exactly the privacy levels canViewLog lets each viewer read', () => {
    const viewers = [
      { isOwner: true, inOwnersCircle: false },
      { isOwner: false, inOwnersCircle: true },
      { isOwner: false, inOwnersCircle: false },
    ];
    for (const viewer of viewers) {
      expect(visiblePrivacies(viewer)).toEqual(PRIVACY_LEVELS.filter((p) => canViewLog(p, viewer)));
    }
    expect(visiblePrivacies({ isOwner: false, inOwnersCircle: false })).toEqual(['public']);
    expect(visiblePrivacies({ isOwner: false, inOwnersCircle: true })).toEqual(['public', 'protected']);
  });
});

describe('the create-outing body', () => {
  const parse = (body: unknown) => createOuting.body.safeParse(body);

  it('asks for the location in the seed’s words when lat or lng is missing, before anything else', () => {
    for (const body of [undefined, {}, { location: { lat: 46 } }, { location: { lng: -94 }, startDate: 'soon' }]) {
      const issues = parse(body).error?.issues ?? [];
      expect(issues).toEqual([expect.objectContaining({ message: OUTING_LOCATION_REQUIRED, path: [] })]);
    }
  });

  it('then checks the rest of the outing', () => {
    expect(parse({ location: { lat: 46, lng: -94 } }).data).toEqual({ location: { lat: 46, lng: -94 } });
    expect(parse({ location: { lat: 91, lng: -94 } }).error?.issues[0]?.message).toBe('Latitude must be between -90 and 90.');
    expect(parse({ location: { lat: 46, lng: -94 }, startDate: '2026-06-01' }).error?.issues[0]?.message).toBe(
      'A backdated outing needs both a start date and a start time.',
    );
  });
});

describe('the seed’s date and time model', () => {
  const base = '2026-06-01T06:30:00-05:00';
  it('combines a day with a time, a date-time with a new time, and fills the missing half from the base', () => {
    expect(combineDateAndTime(undefined, undefined, base)).toBeUndefined();
    expect(combineDateAndTime('2026-05-30', '07:15', base)).toBe('2026-05-30T07:15');
    expect(combineDateAndTime('2026-05-30T05:00:00-05:00', '07:15', base)).toBe('2026-05-30T07:15');
    expect(combineDateAndTime('2026-05-30T05:00:00-05:00', undefined, base)).toBe('2026-05-30T05:00:00-05:00');
    expect(combineDateAndTime('2026-05-30', undefined, base)).toBe('2026-05-30T06:30');
    expect(combineDateAndTime(undefined, '21:05', base)).toBe('2026-06-01T21:05');
  });

  it('refuses a time that is not HH:mm', () => {
    expect(logPatch.safeParse({ time: '7pm' }).success).toBe(false);
    expect(logPatch.safeParse({ time: '24:00' }).success).toBe(false);
  });

  it('keeps omitted fields of a patch undefined and clears the ones sent empty', () => {
    const patch = logPatch.parse({ notes: '', fish: { length: '24' } });
    expect(patch).toEqual({ notes: null, fish: { length: 24 } });
  });
});
