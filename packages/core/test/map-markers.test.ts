import { describe, expect, it } from 'vitest';
import { fromMarkerColumns, markerColumns, toMarkerColumns, type MapMarker } from '../src/map-markers';

const markers: MapMarker[] = [
  { _id: 'a', lat: 46.41, lng: -94.35, type: 'Catch', date: '2025-07-04T20:00', lake: 'Gull Lake', gauge: null },
  { _id: 'b', lat: 44.92, lng: -93.58, type: 'Lost', date: '2025-07-03T06:15', lake: null, gauge: { lat: 44.94, lng: -93.09, station: 'ST. PAUL' } },
  { _id: 'c', lat: 46.4, lng: -94.3, type: 'Draft', date: '2025-07-02T12:00', lake: 'Gull Lake', gauge: { lat: 45, lng: -93, station: null } },
];

describe('markers packed into columns', () => {
  it('round-trips the markers in their order, each lake named once', () => {
    const columns = toMarkerColumns(markers);
    expect(columns.lakes).toEqual(['Gull Lake']);
    expect(columns.lake).toEqual([0, -1, 0]);
    expect(columns.types[columns.type[1]!]).toBe('Lost');
    expect(columns.gauges.map((g) => g.at)).toEqual([1, 2]);
    expect(markerColumns.parse(columns)).toEqual(columns);
    expect(fromMarkerColumns(columns)).toEqual(markers);
  });

  it('packs no markers into empty columns', () => {
    expect(fromMarkerColumns(toMarkerColumns([]))).toEqual([]);
  });

  it('is smaller than the objects for many markers', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ ...markers[i % 3]!, _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }));
    expect(JSON.stringify(toMarkerColumns(many)).length).toBeLessThan(JSON.stringify(many).length * 0.7);
  });

  it('refuses columns of different lengths or indexes past their lists', () => {
    const columns = toMarkerColumns(markers);
    expect(markerColumns.safeParse({ ...columns, lat: [1] }).success).toBe(false);
    expect(markerColumns.safeParse({ ...columns, lake: [0, 5, 0] }).success).toBe(false);
    expect(markerColumns.safeParse({ ...columns, type: [0, 99, 0] }).success).toBe(false);
    expect(markerColumns.safeParse({ ...columns, type: [0, 1.5, 0] }).success).toBe(false);
    expect(markerColumns.safeParse({ ...columns, lake: [0, -2, 0] }).success).toBe(false);
    expect(markerColumns.safeParse({ ...columns, gauges: [{ at: 3, lat: 0, lng: 0, station: null }] }).success).toBe(false);
  });
});
