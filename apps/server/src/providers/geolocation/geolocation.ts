/** Where a network address is, roughly (a city), from an IP geolocation service. */
export type NetworkPlace = { lat: number; lng: number; label: string | null };

/** Throws when the service cannot answer; resolves null when it does not know the address. */
export interface GeolocationProvider {
  locate(ip: string): Promise<NetworkPlace | null>;
}

/**
 * Addresses a geolocation service cannot place: loopback, private, link-local and unique-local
 * ranges. Asking about them would place the server, not the caller.
 */
export function isPublicAddress(ip: string): boolean {
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return !(a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127));
  }
  const v6 = ip.toLowerCase();
  return !(v6 === '::1' || v6 === '::' || v6.startsWith('fe80:') || v6.startsWith('fc') || v6.startsWith('fd'));
}
