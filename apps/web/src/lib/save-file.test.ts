import { afterEach, describe, expect, it, vi } from 'vitest';
import { OBJECT_URL_LIFETIME_MS, saveFile } from './save-file';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('saveFile', () => {
  it('clicks a temporary download link to an object URL of the bytes, then revokes the URL', () => {
    vi.useFakeTimers();
    const created: Blob[] = [];
    const revoked: string[] = [];
    // jsdom has no object URLs.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = (blob: Blob) => {
          created.push(blob);
          return 'blob:http://localhost/export-1';
        };
        static override revokeObjectURL = (url: string) => {
          revoked.push(url);
        };
      },
    );
    const clicks: { href: string; download: string; isInDocument: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download, isInDocument: document.body.contains(this) });
    });
    const blob = new Blob(['\uFEFFNom;Prénom\r\n'], { type: 'text/csv' });

    saveFile(blob, 'export_tous_0750001A.csv');

    expect(created).toEqual([blob]);
    expect(clicks).toEqual([
      { href: 'blob:http://localhost/export-1', download: 'export_tous_0750001A.csv', isInDocument: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS);
    expect(revoked).toEqual(['blob:http://localhost/export-1']);
  });
});
