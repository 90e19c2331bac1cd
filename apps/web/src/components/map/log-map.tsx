import { Button, Center, Text } from '@mantine/core';
import type { MapMarker } from '@tightlines/core/api/analysis';
import type { LakeOutline } from '@tightlines/core/geo';
import type { DivIcon, DivIconOptions, GeoJSON, Map as LeafletMap, Marker, MarkerClusterGroup, TileLayer } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { loadLeaflet } from './load-leaflet';
import { dateTimeLabel } from '../../lib/format';
import type { Point } from '../../lib/geolocation';
import { typeColor, typeTextColor } from '../../lib/type-colors';
import classes from './log-map.module.css';

type Leaflet = typeof import('leaflet');

/** The seeds' fixed default in the upper Midwest, at their default zoom. */
export const DEFAULT_CENTER: Point = { lat: 46, lng: -93 };
export const DEFAULT_ZOOM = 12;

const OSM_TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const SEAMARK_TILES = 'https://tiles.openseamap.org/seamark/{z}/{x}/{y}.png';
const SEAMARK_ATTRIBUTION = 'Sea marks &copy; <a href="https://www.openseamap.org">OpenSeaMap</a> contributors';

type Props = {
  /** Names the map for screen readers ("Map of your logs"). */
  label: string;
  /** Redrawn (and the view fitted to them) whenever the array changes: pass a memoised one. */
  markers?: readonly MapMarker[];
  /** The info window's link; without it the info window shows no link. */
  onViewLog?: (marker: MapMarker) => void;
  viewLabel?: (marker: MapMarker) => string;
  /** Marine charts are premium: when false the toggle leads to the subscription page instead. */
  overlayAllowed?: boolean;
  /** The overlay and full-screen buttons; small maps (the log modal's) leave them out. */
  controls?: boolean;
  /**
   * Makes the map a place picker: a click, dragging the picked marker, or Enter on the focused map
   * (after panning with the arrow keys) reports the place.
   */
  onPick?: (point: Point) => void;
  /** The one chosen place: movable in a picker, fixed otherwise. */
  picked?: Point | null;
  /** Colours the chosen place like a log of this type. */
  pickedType?: string;
  /** Where the map opens when there is no picked place; markers, when given, take over the view. */
  center?: Point;
  height?: number | string;
  /** Lake outlines (GeoJSON) drawn under the markers: an event's waters. Pass a memoised array. */
  areas?: readonly LakeOutline[];
};

type Live = {
  L: Leaflet;
  map: LeafletMap;
  cluster: MarkerClusterGroup | null;
  picked: Marker | null;
  overlay: TileLayer | null;
  areas: GeoJSON | null;
  icons: Map<string, DivIcon>;
};

const defaultViewLabel = (m: MapMarker) => (m.type === 'Outing' ? 'View Outing' : 'View Log');

/**
 * The app's one Leaflet map: OpenStreetMap tiles, a marker per log coloured by type (clustered
 * where they crowd), info windows, an optional marine-chart overlay, full screen, and a place
 * picker that works with the mouse and the keyboard. Leaflet itself is loaded on first use.
 */
export function LogMap({
  label,
  markers,
  onViewLog,
  viewLabel = defaultViewLabel,
  overlayAllowed = false,
  controls = true,
  onPick,
  picked = null,
  pickedType = 'Outing',
  center = DEFAULT_CENTER,
  height = 420,
  areas,
}: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const live = useRef<Live | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [overlayOn, setOverlayOn] = useState(false);
  const [nativeFull, setNativeFull] = useState(false);
  const [coveringFull, setCoveringFull] = useState(false);
  const full = nativeFull || coveringFull;

  // Leaflet holds on to handlers from the first render; these refs let them see the latest props.
  const handlers = useRef({ onViewLog, viewLabel, onPick });
  useEffect(() => {
    handlers.current = { onViewLog, viewLabel, onPick };
  });
  const initial = useRef({ picked, center });

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    loadLeaflet().then(
      (L) => {
        if (cancelled || !canvas.current) return;
        const start = initial.current.picked ?? initial.current.center;
        const map = L.map(canvas.current, { scrollWheelZoom: false }).setView([start.lat, start.lng], DEFAULT_ZOOM);
        L.tileLayer(OSM_TILES, { maxZoom: 19, attribution: OSM_ATTRIBUTION }).addTo(map);
        map.on('click', (e) => handlers.current.onPick?.({ lat: e.latlng.lat, lng: e.latlng.lng }));
        // Keyboard users pan with the arrow keys and press Enter to pick the centre (Enter on the
        // zoom buttons only zooms).
        map.on('keypress', (e) => {
          if (e.originalEvent.key !== 'Enter' || e.originalEvent.target !== map.getContainer()) return;
          const centre = map.getCenter();
          handlers.current.onPick?.({ lat: centre.lat, lng: centre.lng });
        });
        live.current = { L, map, cluster: null, picked: null, overlay: null, areas: null, icons: new Map() };
        // Tabs, full screen and phone rotation resize the map without Leaflet noticing.
        observer = new ResizeObserver(() => map.invalidateSize());
        observer.observe(canvas.current);
        setStatus('ready');
      },
      () => !cancelled && setStatus('failed'),
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      live.current?.map.remove();
      live.current = null;
    };
  }, []);

  const picking = onPick !== undefined;
  useEffect(() => {
    const container = live.current?.map.getContainer();
    if (container) container.style.cursor = picking ? 'crosshair' : '';
  }, [picking, status]);

  useEffect(() => {
    const m = live.current;
    if (status !== 'ready' || !m) return;
    m.cluster?.remove();
    m.cluster = null;
    if (!markers || markers.length === 0) return;
    const { L } = m;
    const cluster = L.markerClusterGroup({
      // Thousands of markers are added in short slices, so the page stays responsive meanwhile.
      chunkedLoading: true,
      chunkInterval: 50,
      showCoverageOnHover: false,
      maxClusterRadius: 50,
      iconCreateFunction: (c) => {
        const count = c.getChildCount();
        // Wide enough for its number: a season's logs can put thousands in one cluster.
        const size = 26 + String(count).length * 6;
        return L.divIcon({ html: `<span>${count}</span>`, className: classes.cluster, iconSize: [size, size] });
      },
    });
    cluster.addLayers(
      markers.map((item) =>
        L.marker([item.lat, item.lng], {
          icon: iconFor(m, item.type),
          title: [item.type, item.lake].filter(Boolean).join(' · '),
          alt: `${item.type} log`,
        }).bindPopup(() => popupFor(item, () => m.map.closePopup(), handlers.current)),
      ),
    );
    // One river-gauge marker per gauge the logs' waterflow readings came from.
    const gauges = new Map<string, { lat: number; lng: number; station: string | null }>();
    for (const item of markers) if (item.gauge) gauges.set(`${item.gauge.lat},${item.gauge.lng}`, item.gauge);
    for (const gauge of gauges.values()) {
      const label = `River gauge${gauge.station ? `: ${gauge.station}` : ''}`;
      const icon = L.divIcon({ html: '<span></span>', className: `${classes.marker} ${classes.gauge}`, iconSize: [16, 16], popupAnchor: [0, -6] });
      const popup = document.createElement('div');
      popup.className = classes.popup ?? '';
      popup.textContent = label;
      cluster.addLayer(L.marker([gauge.lat, gauge.lng], { icon, title: label, alt: label }).bindPopup(popup));
    }
    cluster.addTo(m.map);
    m.cluster = cluster;
    const bounds = L.latLngBounds(markers.map((item) => [item.lat, item.lng] as [number, number]));
    m.map.fitBounds(bounds, { padding: [32, 32], maxZoom: DEFAULT_ZOOM + 2 });
  }, [markers, status]);

  useEffect(() => {
    const m = live.current;
    if (status !== 'ready' || !m) return;
    m.areas?.remove();
    m.areas = null;
    if (!areas || areas.length === 0) return;
    m.areas = m.L.geoJSON(
      areas.map((geometry) => ({ type: 'Feature' as const, properties: {}, geometry })),
      { style: { color: '#1c7ed6', weight: 2, fillOpacity: 0.15 }, interactive: false },
    ).addTo(m.map);
    if (!markers || markers.length === 0) m.map.fitBounds(m.areas.getBounds(), { padding: [32, 32] });
  }, [areas, markers, status]);

  const pickedLat = picked?.lat;
  const pickedLng = picked?.lng;
  useEffect(() => {
    const m = live.current;
    if (status !== 'ready' || !m) return;
    if (pickedLat === undefined || pickedLng === undefined) {
      m.picked?.remove();
      m.picked = null;
      return;
    }
    const at: [number, number] = [pickedLat, pickedLng];
    const icon = typeIcon(m.L, pickedType, { className: `${classes.marker} ${classes.picked}`, iconSize: [24, 24] });
    if (m.picked) m.picked.setLatLng(at).setIcon(icon);
    else {
      m.picked = m.L.marker(at, {
        icon,
        draggable: picking,
        title: 'The chosen place',
        alt: 'The chosen place',
      }).addTo(m.map);
      m.picked.on('dragend', () => {
        const moved = m.picked?.getLatLng();
        if (moved) handlers.current.onPick?.({ lat: moved.lat, lng: moved.lng });
      });
    }
    if (!m.map.getBounds().pad(-0.1).contains(at)) m.map.panTo(at);
  }, [pickedLat, pickedLng, pickedType, picking, status]);

  useEffect(() => {
    const m = live.current;
    if (status !== 'ready' || !m) return;
    if (overlayOn && overlayAllowed && !m.overlay) {
      m.overlay = m.L.tileLayer(SEAMARK_TILES, { maxZoom: 18, attribution: SEAMARK_ATTRIBUTION }).addTo(m.map);
    } else if ((!overlayOn || !overlayAllowed) && m.overlay) {
      m.overlay.remove();
      m.overlay = null;
    }
  }, [overlayOn, overlayAllowed, status]);

  // The wheel zooms only in full screen; on the page it scrolls the page, as a reader expects.
  useEffect(() => {
    const m = live.current;
    if (status !== 'ready' || !m) return;
    if (full) m.map.scrollWheelZoom.enable();
    else m.map.scrollWheelZoom.disable();
  }, [full, status]);

  useEffect(() => {
    const el = frame.current;
    const changed = () => setNativeFull(el !== null && document.fullscreenElement === el);
    document.addEventListener('fullscreenchange', changed);
    return () => {
      document.removeEventListener('fullscreenchange', changed);
      if (el !== null && document.fullscreenElement === el) void document.exitFullscreen();
    };
  }, []);

  useEffect(() => {
    if (!coveringFull) return;
    const escape = (e: KeyboardEvent) => e.key === 'Escape' && setCoveringFull(false);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', escape);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', escape);
    };
  }, [coveringFull]);

  const toggleFull = async () => {
    const el = frame.current;
    if (!el) return;
    if (nativeFull) return void (await document.exitFullscreen());
    if (coveringFull) return setCoveringFull(false);
    if (document.fullscreenEnabled && el.requestFullscreen) {
      try {
        await el.requestFullscreen();
        return;
      } catch {
        // Refused (an iframe without permission): the covering layout below does the same job.
      }
    }
    setCoveringFull(true);
  };

  return (
    <div ref={frame} className={`${classes.frame} ${coveringFull ? classes.covering : ''}`} style={{ height }}>
      <div ref={canvas} className={classes.canvas} role="region" aria-label={label} />
      {controls && status === 'ready' && (
        <div className={classes.controls}>
          {overlayAllowed ? (
            <Button size="compact-sm" variant={overlayOn ? 'filled' : 'white'} aria-pressed={overlayOn} onClick={() => setOverlayOn((on) => !on)}>
              Marine charts
            </Button>
          ) : (
            <Button size="compact-sm" variant="white" component={Link} to="/subscription" title="Marine charts are part of a premium subscription">
              Marine charts · Premium
            </Button>
          )}
          <Button size="compact-sm" variant="white" aria-pressed={full} onClick={() => void toggleFull()}>
            {full ? 'Exit full screen' : 'Full screen'}
          </Button>
        </div>
      )}
      {status !== 'ready' && (
        <Center className={classes.status}>
          <Text size="sm" c="dimmed">
            {status === 'loading' ? 'Loading the map…' : 'The map could not be loaded. Check your connection and reload the page.'}
          </Text>
        </Center>
      )}
    </div>
  );
}

/**
 * A round marker in the type's colour. The colour goes through the CSSOM on each marker made from
 * the icon: a style attribute in the icon's HTML is refused by the CSP (no 'unsafe-inline').
 */
function typeIcon(L: Leaflet, type: string, options: DivIconOptions): DivIcon {
  const icon = L.divIcon({ ...options, html: '<span></span>' });
  const createIcon = icon.createIcon.bind(icon);
  icon.createIcon = (oldIcon) => {
    const element = createIcon(oldIcon);
    (element.firstElementChild as HTMLElement).style.background = typeColor(type);
    return element;
  };
  return icon;
}

function iconFor(m: Live, type: string): DivIcon {
  let icon = m.icons.get(type);
  if (!icon) {
    icon = typeIcon(m.L, type, { className: classes.marker, iconSize: [18, 18], popupAnchor: [0, -6] });
    m.icons.set(type, icon);
  }
  return icon;
}

/** Built from DOM nodes, not HTML strings: lake names are typed by users. */
function popupFor(
  item: MapMarker,
  close: () => void,
  handlers: { onViewLog?: ((m: MapMarker) => void) | undefined; viewLabel: (m: MapMarker) => string },
): HTMLElement {
  const box = document.createElement('div');
  box.className = classes.popup ?? '';
  const badge = document.createElement('span');
  badge.className = classes.badge ?? '';
  badge.style.background = typeColor(item.type);
  badge.style.color = typeTextColor(item.type);
  badge.textContent = item.type;
  box.append(badge);
  if (item.date) {
    const when = document.createElement('span');
    when.textContent = dateTimeLabel(item.date);
    box.append(when);
  }
  if (item.lake) {
    const lake = document.createElement('strong');
    lake.textContent = item.lake;
    box.append(lake);
  }
  if (handlers.onViewLog) {
    const link = document.createElement('button');
    link.type = 'button';
    link.className = classes.popupLink ?? '';
    link.textContent = handlers.viewLabel(item);
    link.addEventListener('click', () => {
      close();
      handlers.onViewLog?.(item);
    });
    box.append(link);
  }
  return box;
}
