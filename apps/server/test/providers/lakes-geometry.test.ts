import { describe, expect, it } from 'vitest';
import { distanceKm } from '@tightlines/core/geo';
import {
  SQUARE_METERS_PER_ACRE,
  outlineAreaM2,
  pointInOutline,
  representativePoint,
  ringAreaM2,
} from '../../src/providers/lakes/geometry';
import type { LakeOutline, Ring } from '../../src/providers/lakes/lakes';

/** A latitude/longitude box as a closed counter-clockwise ring. */
function box(west: number, south: number, east: number, north: number): Ring {
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
}

// A 0.02° lake with a 0.01° island in the middle, and a separate 0.01° pond to the east.
const LAKE: LakeOutline = {
  type: 'MultiPolygon',
  coordinates: [
    [box(-93.25, 45.0, -93.23, 45.02), box(-93.245, 45.005, -93.235, 45.015).reverse()],
    [box(-93.2, 45.0, -93.19, 45.01)],
  ],
};

describe('distanceKm', () => {
  it('measures great circles', () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.195, 3);
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111.195, 3);
    // Minneapolis to Duluth, about 219 km by air.
    const msp = { lat: 44.9778, lng: -93.265 };
    const duluth = { lat: 46.7867, lng: -92.1005 };
    expect(distanceKm(msp, duluth)).toBeCloseTo(219, -1);
    expect(distanceKm(duluth, msp)).toBe(distanceKm(msp, duluth));
    expect(distanceKm(msp, msp)).toBe(0);
  });
});

describe('pointInOutline', () => {
  it('finds points on the water, not on land or on an island', () => {
    expect(pointInOutline({ lat: 45.002, lng: -93.248 }, LAKE)).toBe(true);
    expect(pointInOutline({ lat: 45.01, lng: -93.24 }, LAKE)).toBe(false);
    expect(pointInOutline({ lat: 45.03, lng: -93.24 }, LAKE)).toBe(false);
    expect(pointInOutline({ lat: 45.01, lng: -93.22 }, LAKE)).toBe(false);
  });

  it('checks every part of a multipolygon', () => {
    expect(pointInOutline({ lat: 45.005, lng: -93.195 }, LAKE)).toBe(true);
  });

  it('takes a single polygon too, in either winding', () => {
    const pond: LakeOutline = { type: 'Polygon', coordinates: [box(-93.2, 45.0, -93.19, 45.01).reverse()] };
    expect(pointInOutline({ lat: 45.005, lng: -93.195 }, pond)).toBe(true);
    expect(pointInOutline({ lat: 45.005, lng: -93.185 }, pond)).toBe(false);
  });
});

describe('areas', () => {
  it('gives a 0.01° square at 45°N about 0.874 km², 216 acres', () => {
    const square = box(-93.3, 45.0, -93.29, 45.01);
    expect(ringAreaM2(square) / 1e6).toBeCloseTo(0.874, 2);
    expect(ringAreaM2(square) / SQUARE_METERS_PER_ACRE).toBeCloseTo(216, 0);
    expect(ringAreaM2([...square].reverse())).toBe(ringAreaM2(square));
  });

  it('matches the exact spherical area of a box', () => {
    const r = 6_371_008.8;
    const rad = Math.PI / 180;
    const exact = r * r * (0.02 * rad) * (Math.sin(45.02 * rad) - Math.sin(45 * rad));
    expect(ringAreaM2(box(-93.25, 45.0, -93.23, 45.02)) / exact).toBeCloseTo(1, 9);
  });

  it('leaves islands out', () => {
    const water = ringAreaM2(box(-93.25, 45.0, -93.23, 45.02)) - ringAreaM2(box(-93.245, 45.005, -93.235, 45.015));
    const pond = ringAreaM2(box(-93.2, 45.0, -93.19, 45.01));
    expect(outlineAreaM2(LAKE)).toBeCloseTo(water + pond, 3);
  });
});

describe('representativePoint', () => {
  it('is the centroid of a convex lake', () => {
    const point = representativePoint({ type: 'Polygon', coordinates: [box(-93.3, 45.0, -93.29, 45.01)] });
    expect(point.lat).toBeCloseTo(45.005, 6);
    expect(point.lng).toBeCloseTo(-93.295, 6);
  });

  it('stays on the water when the centroid is on an island', () => {
    const point = representativePoint(LAKE);
    expect(pointInOutline(point, LAKE)).toBe(true);
    // In the largest part, not the pond.
    expect(point.lng).toBeLessThan(-93.23);
  });

  it('stays on the water of a crescent lake', () => {
    // A U open to the north: the centroid falls in the gap between the arms.
    const crescent: LakeOutline = {
      type: 'Polygon',
      coordinates: [
        [
          [-93.3, 45.0],
          [-93.27, 45.0],
          [-93.27, 45.03],
          [-93.28, 45.03],
          [-93.28, 45.01],
          [-93.29, 45.01],
          [-93.29, 45.03],
          [-93.3, 45.03],
          [-93.3, 45.0],
        ],
      ],
    };
    expect(pointInOutline({ lat: 45.0136, lng: -93.285 }, crescent)).toBe(false);
    expect(pointInOutline(representativePoint(crescent), crescent)).toBe(true);
  });
});
