import { describe, expect, it } from 'vitest';
import { fromMarkerBytes, fromMarkerColumns, markerColumns, toMarkerColumns, type MapMarker } from '../src/map-markers';

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

/** The binary layout written by hand, as the database writes each marker (MARKER_BYTES). */
function packBytes(list: MapMarker[], types: readonly string[] = ['Bite', 'Catch', 'Cluster', 'Follow', 'Hunch', 'Lost', 'Outing', 'Draft']): Uint8Array {
  const parts: number[] = [];
  const push = (n: number, write: (v: DataView) => void) => {
    const view = new DataView(new ArrayBuffer(n));
    write(view);
    parts.push(...new Uint8Array(view.buffer));
  };
  const text = (value: string | null) => {
    const bytes = value === null ? null : new TextEncoder().encode(value);
    push(2, (v) => v.setInt16(0, bytes ? bytes.length : -1));
    if (bytes) parts.push(...bytes);
  };
  for (const m of list) {
    parts.push(...m._id.replaceAll('-', '').match(/../g)!.map((h) => parseInt(h, 16)));
    push(8, (v) => v.setFloat64(0, m.lat));
    push(8, (v) => v.setFloat64(0, m.lng));
    push(4, (v) => v.setInt32(0, Date.parse(`${m.date}:00Z`) / 60_000));
    push(2, (v) => v.setInt16(0, types.indexOf(m.type)));
    text(m.lake);
    parts.push(m.gauge ? 1 : 0);
    if (m.gauge) {
      push(8, (v) => v.setFloat64(0, m.gauge!.lat));
      push(8, (v) => v.setFloat64(0, m.gauge!.lng));
      text(m.gauge.station);
    }
  }
  const header = new TextEncoder().encode(JSON.stringify({ format: 'binary', types, count: list.length }));
  const out = new Uint8Array(4 + header.length + parts.length);
  new DataView(out.buffer).setUint32(0, header.length);
  out.set(header, 4);
  out.set(parts, 4 + header.length);
  return out;
}

describe('markers in the binary layout', () => {
  const ids = ['0f8fad5b-d9cb-469f-a165-70867728950e', '7c9e6679-7425-40de-944b-e07fc1f90ae7', 'ffffffff-0000-4000-8000-000000000001'];
  const withIds = markers.map((m, i) => ({ ...m, _id: ids[i]! }));

  it('reads back every field, gauges and missing lakes and stations included', () => {
    expect(fromMarkerBytes(packBytes(withIds))).toEqual(withIds);
    expect(fromMarkerBytes(packBytes([]))).toEqual([]);
  });

  it('reads lake names in any script, and times before 1970', () => {
    const odd = [{ ...withIds[0]!, lake: 'Lac Île-à-la-Crosse 🎣 "x"\n', date: '1969-07-20T20:17' }];
    expect(fromMarkerBytes(packBytes(odd))).toEqual(odd);
  });

  it('takes the types from the header, not from its own list', () => {
    expect(fromMarkerBytes(packBytes(withIds, ['Lost', 'Catch', 'Draft'])).map((m) => m.type)).toEqual(['Catch', 'Lost', 'Draft']);
  });

  it('refuses bytes cut short, with bytes left over, or pointing past the types', () => {
    const whole = packBytes(withIds);
    expect(() => fromMarkerBytes(whole.subarray(0, whole.length - 3))).toThrow(/cut short/);
    expect(() => fromMarkerBytes(whole.subarray(0, 2))).toThrow(/cut short/);
    expect(() => fromMarkerBytes(new Uint8Array([...whole, 0]))).toThrow(/malformed/);
    expect(() => fromMarkerBytes(packBytes(withIds, ['Catch']))).toThrow(/malformed/);
    const wrongFormat = new TextEncoder().encode('{"format":"columns","types":[],"count":0}');
    expect(() => fromMarkerBytes(new Uint8Array([0, 0, 0, wrongFormat.length, ...wrongFormat]))).toThrow(/format this page does not read/);
  });

  it('is about a third of the objects’ bytes for many markers', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ ...withIds[i % 3]!, _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }));
    expect(packBytes(many).length).toBeLessThan(JSON.stringify(many).length * 0.4);
  });
});
