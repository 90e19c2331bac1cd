import exifr from 'exifr';

type ExifTags = {
  latitude?: number;
  longitude?: number;
  DateTimeOriginal?: string;
  CreateDate?: string;
  OffsetTimeOriginal?: string;
  OffsetTimeDigitized?: string;
  GPSDateStamp?: string;
  GPSTimeStamp?: number[] | string;
};

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^[+-]\d{2}:\d{2}$/;

/**
 * Where and when a photo was taken, from its EXIF: the GPS position, and DateTimeOriginal with
 * OffsetTimeOriginal when the camera wrote one. Without an offset the time is local time at the
 * photo's position (a date string without offset, resolved by the log's place); without
 * DateTimeOriginal the GPS time stamp (UTC) stands in; without either, the log is dated now.
 */
export async function readPhotoPlace(body: Buffer): Promise<{ lat: number; lng: number; date: string | undefined } | null> {
  let tags: ExifTags | undefined;
  try {
    tags = (await exifr.parse(body, { tiff: true, exif: true, gps: true, ifd1: false, xmp: false, icc: false, iptc: false, reviveValues: false })) as
      | ExifTags
      | undefined;
  } catch {
    return null;
  }
  const lat = tags?.latitude;
  const lng = tags?.longitude;
  const valid = (n: unknown, max: number): n is number => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= max;
  // Cameras without a fix sometimes write 0,0: that is no position, not the Gulf of Guinea.
  if (!tags || !valid(lat, 90) || !valid(lng, 180) || (lat === 0 && lng === 0)) return null;
  return { lat, lng, date: photoDate(tags) };
}

function photoDate(tags: ExifTags): string | undefined {
  const local = EXIF_DATE.exec(tags.DateTimeOriginal ?? tags.CreateDate ?? '');
  if (local) {
    const [, y, mo, d, h, mi, s] = local;
    const offset = tags.DateTimeOriginal ? tags.OffsetTimeOriginal : tags.OffsetTimeDigitized;
    return `${y}-${mo}-${d}T${h}:${mi}:${s}${offset && OFFSET.test(offset.trim()) ? offset.trim() : ''}`;
  }
  const day = /^(\d{4}):(\d{2}):(\d{2})$/.exec(tags.GPSDateStamp ?? '');
  const time = tags.GPSTimeStamp;
  if (day && Array.isArray(time) && time.length === 3 && time.every((n) => Number.isFinite(n))) {
    const [h = 0, m = 0, s = 0] = time;
    const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
    return `${day[1]}-${day[2]}-${day[3]}T${pad(h)}:${pad(m)}:${pad(s)}Z`;
  }
  return undefined;
}
