import exifr from 'exifr';

export type PhotoExif = {
  /** DateTimeOriginal as the camera wrote it ('2026-06-01T06:12:30', with its offset when it gave one). */
  takenAt: string | null;
  lat: number | null;
  lng: number | null;
  make: string | null;
  model: string | null;
  software: string | null;
};

type Tags = {
  latitude?: number;
  longitude?: number;
  DateTimeOriginal?: string;
  CreateDate?: string;
  OffsetTimeOriginal?: string;
  Make?: string;
  Model?: string;
  Software?: string;
};

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^[+-]\d{2}:\d{2}$/;
const short = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 120) : null);

/**
 * The time, position and camera an upload's EXIF names, read from the original bytes before the
 * image is re-encoded without them. A photo without EXIF (a screenshot, a stripped file) answers
 * all nulls; unreadable metadata is the same as none.
 */
export async function readPhotoExif(body: Buffer): Promise<PhotoExif> {
  let tags: Tags | undefined;
  try {
    tags = (await exifr.parse(body, { tiff: true, exif: true, gps: true, ifd1: false, xmp: false, icc: false, iptc: false, reviveValues: false })) as
      | Tags
      | undefined;
  } catch {
    tags = undefined;
  }
  const valid = (n: unknown, max: number): n is number => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= max;
  // Cameras without a fix sometimes write 0,0: no position rather than the Gulf of Guinea.
  const placed = valid(tags?.latitude, 90) && valid(tags?.longitude, 180) && !(tags?.latitude === 0 && tags?.longitude === 0);
  const date = EXIF_DATE.exec(tags?.DateTimeOriginal ?? tags?.CreateDate ?? '');
  const offset = tags?.OffsetTimeOriginal?.trim();
  return {
    takenAt: date ? `${date[1]}-${date[2]}-${date[3]}T${date[4]}:${date[5]}:${date[6]}${offset && OFFSET.test(offset) ? offset : ''}` : null,
    lat: placed ? (tags?.latitude as number) : null,
    lng: placed ? (tags?.longitude as number) : null,
    make: short(tags?.Make),
    model: short(tags?.Model),
    software: short(tags?.Software),
  };
}
