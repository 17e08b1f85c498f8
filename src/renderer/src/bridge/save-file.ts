/**
 * Offers bytes to the user as a file named `fileName`: a Blob URL and a click on an
 * `<a download>`. The browser saves it among its downloads; the desktop app asks where.
 */
export function saveFile(
  fileName: string,
  bytes: Uint8Array,
  type = 'application/octet-stream',
): void {
  // A copy on a plain ArrayBuffer: a Blob takes no view of shared memory.
  const url = URL.createObjectURL(new Blob([new Uint8Array(bytes)], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download reads the blob after the click returns; it can go once that is done.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
