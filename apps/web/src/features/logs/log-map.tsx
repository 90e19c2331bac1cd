import { Box, Center, Text } from '@mantine/core';
import type { CircleMarker, Map as LeafletMap } from 'leaflet';
import { useEffect, useRef, useState } from 'react';

export type Point = { lat: number; lng: number };

/** The seeds' fixed default in the upper Midwest, at their default zoom. */
export const DEFAULT_CENTER: Point = { lat: 46, lng: -93 };
const DEFAULT_ZOOM = 12;

type Leaflet = typeof import('leaflet');

// Leaflet and its stylesheet are fetched the first time a map mounts, so pages without a map
// never pay for them.
let leafletPromise: Promise<Leaflet> | null = null;
function loadLeaflet(): Promise<Leaflet> {
  leafletPromise ??= Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(
    ([mod]) => (mod as { default?: Leaflet }).default ?? mod,
  );
  return leafletPromise;
}

type Props = {
  point: Point | null;
  /** Makes the map a picker: a click moves the marker there. */
  onPick?: (point: Point) => void;
  color?: string;
  height?: number | string;
  label: string;
};

export function LogMap({ point, onPick, color = '#1c64bf', height = 320, label }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<{ L: Leaflet; map: LeafletMap; marker: CircleMarker | null } | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const pick = useRef(onPick);
  const picking = onPick !== undefined;
  const initial = useRef(point);

  useEffect(() => {
    pick.current = onPick;
  });

  useEffect(() => {
    let cancelled = false;
    loadLeaflet().then(
      (L) => {
        if (cancelled || !container.current) return;
        const start = initial.current ?? DEFAULT_CENTER;
        const instance = L.map(container.current, { scrollWheelZoom: false }).setView([start.lat, start.lng], DEFAULT_ZOOM);
        L.tileLayer('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', {
          maxZoom: 19,
          attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
        }).addTo(instance);
        if (picking) {
          instance.getContainer().style.cursor = 'crosshair';
          instance.on('click', (e) => pick.current?.({ lat: e.latlng.lat, lng: e.latlng.lng }));
          // Keyboard users pan with the arrow keys and press Enter to pick the centre.
          instance.on('keypress', (e) => {
            if (e.originalEvent.key !== 'Enter') return;
            const centre = instance.getCenter();
            pick.current?.({ lat: centre.lat, lng: centre.lng });
          });
        }
        map.current = { L, map: instance, marker: null };
        setStatus('ready');
      },
      () => !cancelled && setStatus('failed'),
    );
    return () => {
      cancelled = true;
      map.current?.map.remove();
      map.current = null;
    };
  }, [picking]);

  useEffect(() => {
    const current = map.current;
    if (status !== 'ready' || !current) return;
    if (!point) {
      current.marker?.remove();
      current.marker = null;
      return;
    }
    const at: [number, number] = [point.lat, point.lng];
    if (current.marker) current.marker.setLatLng(at).setStyle({ fillColor: color });
    else {
      current.marker = current.L.circleMarker(at, { radius: 9, color: '#fff', weight: 2, fillColor: color, fillOpacity: 1 }).addTo(
        current.map,
      );
    }
    if (!current.map.getBounds().pad(-0.1).contains(at)) current.map.panTo(at);
  }, [point, color, status]);

  return (
    <Box pos="relative" h={height} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', zIndex: 0 }}>
      <div ref={container} role="region" aria-label={label} style={{ height: '100%', width: '100%', background: '#dfe7ee' }} />
      {status !== 'ready' && (
        <Center pos="absolute" inset={0}>
          <Text size="sm" c="dimmed">
            {status === 'loading' ? 'Loading the map…' : 'The map could not be loaded.'}
          </Text>
        </Center>
      )}
    </Box>
  );
}
