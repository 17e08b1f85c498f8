/** A file the page holds, to be offered as a download. */
export interface DownloadFile {
  /** The suggested file name. */
  fileName: string;
  /** Its media type. */
  mime: string;
  bytes: Uint8Array;
}

/**
 * Offers a file the page holds as a download: a Blob URL and an `<a download>` click.
 * Browsers save it where they save downloads; the desktop app asks where with the
 * system's save dialog (see `allowOwnDownloads` in main).
 */
export function offerDownload(file: DownloadFile): void {
  const blob = new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.mime });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a minute is generous.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
