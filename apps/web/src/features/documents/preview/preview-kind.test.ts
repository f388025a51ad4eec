import { describe, expect, it } from 'vitest';
import { previewKindOf } from './preview-kind';

describe('previewKindOf', () => {
  it('reads an EPUB in the reader, shows an image as an image and a PDF in a frame', () => {
    expect(previewKindOf({ type: 'application/epub+zip' })).toBe('epub');
    expect(previewKindOf({ type: 'image/png' })).toBe('image');
    expect(previewKindOf({ type: 'image/webp' })).toBe('image');
    expect(previewKindOf({ type: 'application/pdf' })).toBe('frame');
  });

  it('shows nothing of a type the server serves as an attachment', () => {
    expect(previewKindOf({ type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })).toBe('none');
    expect(previewKindOf({ type: 'text/html' })).toBe('none');
    expect(previewKindOf({ type: 'image/svg+xml' })).toBe('none');
  });
});
