import { describe, expect, it } from 'vitest';
import { webAddressOf } from './web-address';

describe('webAddressOf', () => {
  it('resolves a path against the page and keeps an http(s) address', () => {
    expect(webAddressOf('/files/documents/a.pdf?signature=x')).toBe(
      `${window.location.origin}/files/documents/a.pdf?signature=x`,
    );
    expect(webAddressOf('https://store.example.fr/bucket')).toBe('https://store.example.fr/bucket');
  });

  it('refuses any other scheme', () => {
    expect(webAddressOf('javascript:alert(1)')).toBeNull();
    expect(webAddressOf('data:text/html,hi')).toBeNull();
  });
});
