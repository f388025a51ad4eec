/**
 * How long an object URL outlives the click that downloads it: a browser may read the URL after
 * the click returns (FileSaver.js waits 40 s), and the file's bytes are held until it is revoked.
 */
export const OBJECT_URL_LIFETIME_MS = 40_000;

/**
 * Saves bytes as a file the browser downloads under `fileName`, as a link with `download` would:
 * a temporary link to an object URL, clicked then removed; the URL is revoked a while later.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadFrom(url, fileName);
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * Lets the browser download what an address answers (same origin: the session cookie goes with
 * it) under `fileName`, as a link with `download` would: the bytes go to the browser's downloads,
 * never through the page's memory.
 */
export function downloadFrom(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  // In the document while clicked: older browsers (Firefox before 75) ignore a click on a detached link.
  document.body.append(link);
  link.click();
  link.remove();
}
