import sharp from 'sharp';
import { badRequest } from './errors';

export const NOT_AN_IMAGE = 'Please choose an image file (JPEG, PNG, WebP, GIF or HEIC).';

/**
 * The most pixels an upload may decode to: a 50-megapixel phone photo fits, a 9000x9000 PNG
 * (0.8 s of CPU to decode) does not.
 */
export const MAX_INPUT_PIXELS = 60_000_000;

export type PreparedImage = { body: Buffer; contentType: 'image/jpeg'; width: number; height: number };

/**
 * Decodes the upload (so a renamed non-image is refused), applies its EXIF orientation, fits it in
 * a box and re-encodes it. sharp writes no metadata unless asked, so the GPS position, camera
 * serial and time of the original never reach the stored file.
 */
export async function prepareImage(
  input: Buffer,
  box: { width: number; height: number; fit: 'inside' | 'cover' },
): Promise<PreparedImage> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: box.fit, withoutEnlargement: box.fit === 'inside' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { body: data, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
}
