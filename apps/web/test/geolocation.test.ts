import { messages } from '@tightlines/core/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { currentPosition } from '../src/lib/geolocation';

type Lookup = { options: PositionOptions | undefined };

/** A browser whose position service answers with `answer` (or refuses), recording what it was asked. */
function browserAt(answer: { latitude: number; longitude: number } | 'denied'): Lookup[] {
  const asked: Lookup[] = [];
  const geolocation: Pick<Geolocation, 'getCurrentPosition'> = {
    getCurrentPosition(success, failure, options) {
      asked.push({ options });
      if (answer === 'denied') failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
      else success({ coords: answer } as GeolocationPosition);
    },
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return asked;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('the browser’s position', () => {
  it('takes a fix up to 10 minutes old and waits 10 seconds at most', async () => {
    const asked = browserAt({ latitude: 46.35, longitude: -94.2 });
    await expect(currentPosition()).resolves.toEqual({ lat: 46.35, lng: -94.2 });
    expect(asked[0]?.options).toEqual({ timeout: 10_000, maximumAge: 600_000 });
  });

  it('asks for a fresh, accurate fix when the angler wants the exact spot', async () => {
    const asked = browserAt({ latitude: 46.35, longitude: -94.2 });
    await currentPosition({ highAccuracy: true });
    expect(asked[0]?.options).toEqual({ timeout: 10_000, maximumAge: 0, enableHighAccuracy: true });
  });

  it('says geolocation is disabled when the browser refuses', async () => {
    browserAt('denied');
    await expect(currentPosition()).rejects.toThrow(messages.geolocationDisabled);
  });
});
