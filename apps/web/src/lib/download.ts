/** Hands a file the app fetched (an export, a calendar) to the browser to save under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Not revoked at once: the browser may still be reading the blob for the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
