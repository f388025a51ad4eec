// What a real browser adds to an upload, for the uploads bench: Debian's Chromium posts the file
// as the console does (FormData with the ticket's fields then the file, XMLHttpRequest with an
// upload progress listener; apps/web/src/features/documents/upload/post-with-progress.ts), to the
// product and to a server that only reads the post. The page that posts is one of the server it
// posts to, so that the post is same-origin as the console's (the storage refuses another site's).
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_PATH, launchChromium } from './chromium.js';

/** A ticket to post to: the address and its fields. */
export type UploadTarget = { url: string; fields: Record<string, string> };

export type BrowserSender = {
  /** Posts the page's file to the target from a page of `pageUrl`'s origin; answers the time from send to the answer. */
  post: (pageUrl: string, target: UploadTarget) => Promise<number>;
  close: () => Promise<void>;
};

/** Chromium with one page per origin, each holding a file of `bytes` random bytes; null where Chromium is not installed. */
export async function startBrowserSender(bytes: number): Promise<BrowserSender | null> {
  if (!existsSync(CHROMIUM_PATH)) return null;
  const browser: Browser = await launchChromium();
  const pages = new Map<string, Page>();

  async function pageOf(pageUrl: string): Promise<Page> {
    const origin = new URL(pageUrl).origin;
    const known = pages.get(origin);
    if (known) return known;
    const page = await browser.newPage();
    await page.goto(pageUrl);
    // The file a user picks, made once: random bytes (getRandomValues gives 65,536 at most a call).
    await page.evaluate((size) => {
      const parts: Uint8Array[] = [];
      for (let start = 0; start < size; start += 65_536) {
        parts.push(crypto.getRandomValues(new Uint8Array(Math.min(65_536, size - start))));
      }
      (globalThis as { benchFile?: Blob }).benchFile = new Blob(parts as BlobPart[], { type: 'application/pdf' });
    }, bytes);
    pages.set(origin, page);
    return page;
  }

  return {
    async post(pageUrl, target) {
      const page = await pageOf(pageUrl);
      return page.evaluate(
        ({ url, fields }) =>
          new Promise<number>((resolve, reject) => {
            const form = new FormData();
            for (const [name, value] of Object.entries(fields)) form.append(name, value);
            form.append('file', (globalThis as { benchFile?: Blob }).benchFile!, 'bench.pdf');
            const xhr = new XMLHttpRequest();
            xhr.open('POST', url);
            xhr.withCredentials = true;
            xhr.upload.addEventListener('progress', () => undefined);
            xhr.addEventListener('load', () =>
              xhr.status >= 200 && xhr.status < 300
                ? resolve(performance.now() - started)
                : reject(new Error(`status ${xhr.status}`)),
            );
            xhr.addEventListener('error', () => reject(new Error('the post failed')));
            const started = performance.now();
            xhr.send(form);
          }),
        target,
      );
    },
    close: () => browser.close(),
  };
}
