import { logInput } from '@tightlines/core/logs';
import { describe, expect, it } from 'vitest';
import { blankValues, formFieldOf, LOCATION_REQUIRED, toBody, validate, valuesFromLog } from '../src/features/logs/log-form-values';
import { aLog } from './fixtures';

describe('a log in the form', () => {
  it('splits the date into the day and time on the place’s clock, not the browser’s', () => {
    // The tests run in Chicago; the log was made in New York.
    const values = valuesFromLog(aLog({ date: '2026-06-01T22:45:00-04:00', timeZone: 'America/New_York' }));
    expect(values.day).toBe('2026-06-01');
    expect(values.time).toBe('22:45');
  });

  it('shows what was not recorded as empty fields', () => {
    const values = valuesFromLog(aLog({ notes: null, fish: { species: null, length: null, girth: null, weight: null } }));
    expect(values).toMatchObject({ notes: '', species: '', length: '', girth: '', weight: '' });
  });

  it('takes the structure from the lake details, else from the location', () => {
    const log = aLog();
    expect(valuesFromLog(log).lakeStructure).toBe('Weed edge');
    expect(valuesFromLog({ ...log, lake: { ...log.lake, lakeStructure: null }, location: { ...log.location, lakeStructure: 'Rock bar' } }).lakeStructure).toBe(
      'Rock bar',
    );
  });

  it('sends back what it was given: a saved log survives the form unchanged', () => {
    const log = aLog();
    const body = toBody(valuesFromLog(log), null);
    expect(body).toEqual({
      type: 'Catch',
      date: '2026-06-01T06:30:00',
      notes: 'Slow roll along the weed edge.',
      photo: null,
      clusterCount: null,
      tags: ['opener'],
      privacy: 'public',
      fish: { species: 'Walleye', length: 24.5, girth: null, weight: 5.25 },
      lure: { category: 'Jig', colorPrimary: 'Chartreuse', colorSecondary: null, length: 3, note: null },
      lake: { waterTemp: 61.5, waterVisibility: null, lakeStructure: 'Weed edge', lakeDepth: 14, lureDepth: 12 },
      location: { lat: 46.412, lng: -94.355, lake: 'Gull Lake', state: 'MN', zone: 'North bay', lakeStructure: 'Weed edge' },
    });
    // And the server's own schema takes it as it is.
    expect(logInput.safeParse(body).success).toBe(true);
  });

  it('sends typed numbers as numbers, blank fields as null and text trimmed', () => {
    const values = { ...valuesFromLog(aLog()), length: '26', girth: '', notes: '   ', species: '  Muskie ', lake: ' Round Lake ' };
    const body = toBody(values, null);
    expect(body.fish).toEqual({ species: 'Muskie', length: 26, girth: null, weight: 5.25 });
    expect(body.notes).toBeNull();
    expect(body.location?.lake).toBe('Round Lake');
  });

  it('sends the fish count only for a cluster', () => {
    const values = { ...valuesFromLog(aLog()), clusterCount: 12 };
    expect(toBody(values, null).clusterCount).toBeNull();
    expect(toBody({ ...values, type: 'Cluster' }, null).clusterCount).toBe(12);
  });

  it('sends an untouched "now" as the exact instant with the browser’s offset', () => {
    const now = new Date('2026-06-01T11:31:12.000Z');
    const values = blankValues(now);
    expect(values).toMatchObject({ type: 'Catch', day: '2026-06-01', time: '06:31', privacy: 'private', lat: null, lng: null });
    expect(toBody(values, now).date).toBe('2026-06-01T06:31:12-05:00');
    // Once the day or time is edited, the typed wall clock goes out without an offset.
    expect(toBody({ ...values, time: '05:00' }, null).date).toBe('2026-06-01T05:00:00');
  });
});

describe('the form’s checks', () => {
  it('asks for a place before anything is sent', () => {
    expect(validate(blankValues(new Date('2026-06-01T11:31:00Z')))).toEqual({ lat: LOCATION_REQUIRED });
  });

  it('asks for the day and time', () => {
    const values = { ...valuesFromLog(aLog()), day: null, time: '6' };
    expect(validate(values)).toMatchObject({ day: 'Pick the day.', time: 'Enter the time.' });
  });

  it('applies the server’s rules to the field they concern', () => {
    const errors = validate({ ...valuesFromLog(aLog()), length: 180, waterTemp: -3 });
    expect(errors.length).toBe('Fish length (inches) must be a number from 0 to 100.');
    expect(errors.waterTemp).toBe('Water temperature (°F) must be a number from 0 to 120.');
    expect(validate(valuesFromLog(aLog()))).toEqual({});
  });

  it('maps the server’s error paths to the fields they are typed in', () => {
    expect(formFieldOf('fish.length')).toBe('length');
    expect(formFieldOf('lure.length')).toBe('lureLength');
    expect(formFieldOf('location.lng')).toBe('lat');
    expect(formFieldOf('location')).toBe('lat');
    expect(formFieldOf('tags.3')).toBe('tags');
    expect(formFieldOf('weather')).toBeUndefined();
  });
});
