export type StoredFile = { key: string; url: string };

export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<StoredFile>;
  /** The stored bytes, or null when there is no such file. */
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}
