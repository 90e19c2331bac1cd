// Photos as a phone takes them: a JPEG whose EXIF names when, where and with which camera, for the
// EXIF viewer's tests (the server keeps these apart at upload). sharp is the server's own image library.
import sharp from 'sharp';

/** Degrees as EXIF writes them: degrees, minutes and hundredths of seconds, as rationals. */
function rationalDms(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
  return `${degrees}/1 ${minutes}/1 ${seconds}/100`;
}

/** `takenAt` is the camera's wall clock ('2026-06-01T06:30:00') and `offset` its zone ('-05:00'). */
export function jpegWithExif(exif: { takenAt: string; offset: string; lat: number; lng: number; make?: string; model?: string }): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 64, channels: 3, background: '#2d6a4f' } })
    .jpeg()
    .withExif({
      IFD0: { Make: exif.make ?? 'Pixel', Model: exif.model ?? 'Pixel 9 Camera' },
      IFD2: { DateTimeOriginal: exif.takenAt.slice(0, 19).replace('T', ' ').replace(/-/g, ':'), OffsetTimeOriginal: exif.offset },
      IFD3: {
        GPSLatitudeRef: exif.lat >= 0 ? 'N' : 'S',
        GPSLatitude: rationalDms(exif.lat),
        GPSLongitudeRef: exif.lng >= 0 ? 'E' : 'W',
        GPSLongitude: rationalDms(exif.lng),
      },
    })
    .toBuffer();
}
