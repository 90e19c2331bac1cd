type Leaflet = typeof import('leaflet');

let loading: Promise<Leaflet> | null = null;

/**
 * Leaflet, the marker-cluster plugin and their stylesheets, fetched the first time a map mounts so
 * that pages without a map never download them.
 */
export function loadLeaflet(): Promise<Leaflet> {
  loading ??= (async () => {
    const [mod] = await Promise.all([
      import('leaflet'),
      import('leaflet/dist/leaflet.css'),
      import('leaflet.markercluster/dist/MarkerCluster.css'),
    ]);
    const holder = window as unknown as { L?: Leaflet };
    // The plugin is written against the global L, which Leaflet's own bundle normally sets.
    holder.L ??= (mod as { default?: Leaflet }).default ?? mod;
    await import('leaflet.markercluster');
    return holder.L;
  })();
  // A failed download (a flaky connection, a new release) may be retried by the next map.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
