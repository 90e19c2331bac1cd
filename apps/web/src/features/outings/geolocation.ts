import { messages } from '@tightlines/core/messages';

/** The seeds' browser lookup: 10 s to answer, and a fix up to 10 minutes old is good enough. */
export function currentPosition(): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(messages.geolocationDisabled));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      () => reject(new Error(messages.geolocationDisabled)),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  });
}
