import { messages } from '@tightlines/core/messages';
import { useEffect, useState } from 'react';
import { call } from './api';
import { createStore, useStore } from './store';

export type Point = { lat: number; lng: number };

/**
 * The seeds' browser lookup: 10 s to answer, and a fix up to 10 minutes old is good enough. With
 * `highAccuracy` (the angler asks for the exact spot) a cached fix is refused and the device is
 * asked for its best one.
 */
function positionOptions(highAccuracy = false): PositionOptions {
  return highAccuracy ? { timeout: 10_000, maximumAge: 0, enableHighAccuracy: true } : { timeout: 10_000, maximumAge: 600_000 };
}

const supported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/** Where the browser is; rejects with the seeds' "geolocation disabled" sentence when it cannot say. */
export function currentPosition({ highAccuracy = false } = {}): Promise<Point> {
  return new Promise((resolve, reject) => {
    if (!supported()) {
      reject(new Error(messages.geolocationDisabled));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      () => reject(new Error(messages.geolocationDisabled)),
      positionOptions(highAccuracy),
    );
  });
}

/** How a place was found when the browser could not say: seed 000's fallbacks, or the angler's own search. */
export type Approximate = { source: 'network' | 'last-log' | 'last-search' | 'search'; label: string | null };

/** The server's fallback: the geolocation service, then the member's last log, then their last forecast search. */
async function fallbackPosition(): Promise<{ point: Point; approximate: Approximate }> {
  const { geolocate } = await import('@tightlines/core/api/places');
  const found = await call(geolocate);
  return { point: { lat: found.lat, lng: found.lng }, approximate: { source: found.source, label: found.label } };
}

/**
 * Where the angler is, roughly: the browser, or else (denied, timed out after 10 s, no device)
 * the server's fallback. Rejects with "Geolocation no available" when nothing knows. For an
 * instant draft or an outing; picking a log's spot asks the browser only (currentPosition).
 */
export async function approximatePosition(): Promise<Point> {
  try {
    return await currentPosition();
  } catch {
    try {
      return (await fallbackPosition()).point;
    } catch {
      throw new Error(messages.geolocationUnavailable);
    }
  }
}

export type PositionState =
  | { status: 'locating' }
  /** `approximate` when the browser gave no position and a fallback did. */
  | { status: 'ready'; point: Point; approximate: Approximate | null }
  | { status: 'off' };

/** A place the angler searched for when nothing else knew where they are, kept for the visit. */
const searched = createStore<{ point: Point; label: string } | null>(null);
export const chooseSearchedPlace = (place: { lat: number; lng: number; name: string }) =>
  searched.set({ point: { lat: place.lat, lng: place.lng }, label: place.name });

/** The position as a screen shows it: looked up once when the screen mounts, with the fallbacks. */
export function usePosition(): PositionState {
  const [state, setState] = useState<PositionState>({ status: 'locating' });
  const chosen = useStore(searched);
  useEffect(() => {
    let live = true;
    currentPosition()
      .then((point) => live && setState({ status: 'ready', point, approximate: null }))
      .catch(() =>
        fallbackPosition().then(
          ({ point, approximate }) => live && setState({ status: 'ready', point, approximate }),
          () => live && setState({ status: 'off' }),
        ),
      );
    return () => {
      live = false;
    };
  }, []);
  if (state.status === 'off' && chosen) return { status: 'ready', point: chosen.point, approximate: { source: 'search', label: chosen.label } };
  return state;
}
