import { describe, expect, it } from 'vitest';
import { exifDisagreements, exifMessages } from '../src/events/photo-exif';

const fish = { date: '2026-06-01T11:30:00.000Z', lat: 46.41, lng: -94.35, tz: 'America/Chicago' };
const exif = (changes: Partial<Parameters<typeof exifDisagreements>[0] & object>) => ({
  takenAt: '2026-06-01T06:20:00-05:00',
  lat: 46.412,
  lng: -94.351,
  make: 'Pixel',
  model: 'Pixel 9',
  software: null,
  ...changes,
});

describe('the EXIF check of a fish photo', () => {
  it('agrees with a photo taken shortly before, on the same water', () => {
    expect(exifDisagreements(exif({}), fish, 'America/Chicago')).toEqual([]);
  });

  it('says nothing about a photo without EXIF, or a fish without a position', () => {
    expect(exifDisagreements(null, fish, 'America/Chicago')).toEqual([]);
    expect(exifDisagreements(exif({ takenAt: null, lat: null, lng: null }), fish, 'America/Chicago')).toEqual([]);
    expect(exifDisagreements(exif({ lat: 44.9, lng: -93.2 }), { ...fish, lat: null, lng: null }, 'America/Chicago')).toEqual([]);
  });

  it('flags a photo taken more than two hours before the fish was entered', () => {
    expect(exifDisagreements(exif({ takenAt: '2026-06-01T04:29:00-05:00' }), fish, 'America/Chicago')).toEqual([exifMessages.takenBefore(121)]);
    expect(exifDisagreements(exif({ takenAt: '2026-05-30T06:30:00-05:00' }), fish, 'America/Chicago')).toEqual(['Photo taken 2 days before the fish was entered.']);
    expect(exifDisagreements(exif({ takenAt: '2026-06-01T04:31:00-05:00' }), fish, 'America/Chicago')).toEqual([]);
  });

  it('flags a photo taken more than ten minutes after the fish was entered', () => {
    expect(exifDisagreements(exif({ takenAt: '2026-06-01T06:45:00-05:00' }), fish, 'America/Chicago')).toEqual(['Photo taken 15 min after the fish was entered.']);
    expect(exifDisagreements(exif({ takenAt: '2026-06-01T06:39:00-05:00' }), fish, 'America/Chicago')).toEqual([]);
  });

  it('reads a time without an offset on the fish’s clock, else the event’s', () => {
    expect(exifDisagreements(exif({ takenAt: '2026-06-01T06:20:00' }), fish, 'UTC')).toEqual([]);
    expect(exifDisagreements(exif({ takenAt: '2026-06-01T06:20:00' }), { ...fish, tz: null }, 'America/Chicago')).toEqual([]);
    expect(exifDisagreements(exif({ takenAt: '2026-06-01T06:20:00' }), { ...fish, tz: null }, 'UTC')).toEqual(['Photo taken 5 h before the fish was entered.']);
  });

  it('flags a photo taken more than a kilometre from where the fish was entered', () => {
    const far = exifDisagreements(exif({ lat: 46.43, lng: -94.35 }), fish, 'America/Chicago');
    expect(far).toEqual(['Photo taken 2.2 km from where the fish was entered.']);
    expect(exifDisagreements(exif({ lat: 44.98, lng: -93.27 }), fish, 'America/Chicago')).toEqual(['Photo taken 180 km from where the fish was entered.']);
  });
});
