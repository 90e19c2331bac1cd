import { useEffect, useState } from 'react';
import type { Point } from './api';

export type PositionState = { status: 'locating' } | { status: 'ready'; point: Point } | { status: 'off' };

/** The seeds' browser lookup: 10 s timeout, a cached fix up to 10 min old is good enough. */
const OPTIONS: PositionOptions = { timeout: 10_000, maximumAge: 600_000 };

const supported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

export function usePosition(): PositionState {
  const [state, setState] = useState<PositionState>(() => (supported() ? { status: 'locating' } : { status: 'off' }));
  useEffect(() => {
    if (!supported()) return;
    let live = true;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (live) setState({ status: 'ready', point: { lat: coords.latitude, lng: coords.longitude } });
      },
      () => {
        if (live) setState({ status: 'off' });
      },
      OPTIONS,
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
