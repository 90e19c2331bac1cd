import { messages } from '@tightlines/core/messages';
import { useEffect, useState } from 'react';

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

export type PositionState = { status: 'locating' } | { status: 'ready'; point: Point } | { status: 'off' };

/** The browser's position as a screen shows it: looked up once when the screen mounts. */
export function usePosition(): PositionState {
  const [state, setState] = useState<PositionState>(() => (supported() ? { status: 'locating' } : { status: 'off' }));
  useEffect(() => {
    if (!supported()) return;
    let live = true;
    currentPosition().then(
      (point) => live && setState({ status: 'ready', point }),
      () => live && setState({ status: 'off' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
