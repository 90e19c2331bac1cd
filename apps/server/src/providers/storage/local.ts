import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage, StoredFile } from './storage';

export const UPLOADS_URL_PREFIX = '/uploads/';

/** Files under DATA_DIR/uploads, served by the app at /uploads/. */
export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key ${key}`);
    return full;
  }

  async put(key: string, body: Buffer): Promise<StoredFile> {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, body);
    return { key, url: UPLOADS_URL_PREFIX + key };
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.resolve(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }
}
