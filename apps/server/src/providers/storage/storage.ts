export type StoredFile = { key: string; url: string };

export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<StoredFile>;
  remove(key: string): Promise<void>;
}
