import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LogView } from '@tightlines/core/logs';

/** A log photo's stored path: `/uploads/logs/<owner id>/<uuid>.jpg`. */
const PHOTO_PATH = /^\/uploads\/logs\/([0-9a-f-]{36})\/[0-9a-f-]{36}\.jpg$/;

/**
 * How long a signed photo URL lasts: it expires at the end of the next whole window, so the same
 * viewer gets the same URL for a whole window (browsers and the app's query cache keep the image)
 * and a URL lives between one and two windows.
 */
export const PHOTO_URL_WINDOW_MS = 60 * 60 * 1000;

/** The path of a stored log photo with any signature taken off (what a log stores), or the input unchanged. */
export function bareLogPhoto(photo: string): string {
  const query = photo.indexOf('?');
  const path = query === -1 ? photo : photo.slice(0, query);
  return PHOTO_PATH.test(path) ? path : photo;
}

/** The owner's id in a log photo's stored path, or null when it is not one. */
export function logPhotoOwner(path: string): string | null {
  return PHOTO_PATH.exec(path)?.[1] ?? null;
}

/**
 * Signed, expiring photo URLs bound to one viewer. A public log's photo keeps its bare path (anyone
 * may see it); any other log's photo is answered as `<path>?v=<viewer>&e=<expiry>&s=<HMAC>`, and
 * the photo route serves it only while the signature holds, the time has not passed, and the
 * viewer it names may still read a log with that photo (checked again on every fetch, so leaving
 * a circle or a privacy change takes effect at once). A copied URL works for nobody else's
 * account: it names its viewer, and only reaches what that viewer could read anyway.
 */
export class LogPhotoSigner {
  constructor(
    private readonly key: string,
    private readonly now: () => Date,
  ) {}

  private mac(path: string, viewerId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${path}\n${viewerId}\n${expires}`).digest('base64url');
  }

  sign(path: string, viewerId: string): string {
    const expires = (Math.floor(this.now().getTime() / PHOTO_URL_WINDOW_MS) + 2) * PHOTO_URL_WINDOW_MS;
    return `${path}?v=${viewerId}&e=${expires}&s=${this.mac(path, viewerId, expires)}`;
  }

  /** The viewer a signed URL was made for, when its signature holds and it has not expired; else null. */
  verify(path: string, query: { v?: string; e?: string; s?: string }): string | null {
    const { v, e, s } = query;
    if (!v || !e || !s || !/^\d{1,15}$/.test(e)) return null;
    const expires = Number(e);
    if (expires <= this.now().getTime()) return null;
    const want = Buffer.from(this.mac(path, v, expires));
    const got = Buffer.from(s);
    return want.length === got.length && timingSafeEqual(want, got) ? v : null;
  }

  /** A log as `viewer` (null: a visitor) receives it: a non-public log's photo signed for that viewer. */
  forViewer(viewerId: string | null, view: LogView): LogView {
    if (!view.photo || view.privacy === 'public' || !PHOTO_PATH.test(view.photo)) return view;
    return { ...view, photo: viewerId === null ? null : this.sign(view.photo, viewerId) };
  }
}
