import { and, eq, inArray } from 'drizzle-orm';
import type { DbContext } from '../../db/context';
import { photoExif } from '../../db/photos-schema';
import type { PhotoExif } from './exif';

export type PhotoExifRow = typeof photoExif.$inferSelect;

/** Uploads' EXIF, one row per stored file; the row also proves the file came through upload-image. */
export class PhotoExifRepo {
  constructor(private readonly ctx: DbContext) {}

  async keep(userId: string, key: string, exif: PhotoExif): Promise<void> {
    await this.ctx.db.insert(photoExif).values({ key, userId, ...exif }).onConflictDoNothing();
  }

  /** Those of `keys` that `userId` uploaded. */
  async uploadedBy(userId: string, keys: string[]): Promise<PhotoExifRow[]> {
    if (keys.length === 0) return [];
    return this.ctx.db
      .select()
      .from(photoExif)
      .where(and(eq(photoExif.userId, userId), inArray(photoExif.key, keys)));
  }

  async find(keys: string[]): Promise<PhotoExifRow[]> {
    if (keys.length === 0) return [];
    return this.ctx.db.select().from(photoExif).where(inArray(photoExif.key, keys));
  }
}
