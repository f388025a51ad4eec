import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-types.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('image type by magic number', () => {
  it.each([
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR'), 'image/png'],
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'), 'image/jpeg'],
    ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1]), 'image/jpeg'],
    ['GIF 87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    ['GIF 89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['text', bytes('hello, I am not an image'), undefined],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), undefined],
    ['HTML', bytes('<!doctype html><title>x</title>'), undefined],
    ['a RIFF that is no WebP (WAVE)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), undefined],
    ['a PNG signature cut short', bytes([0x89], 'PNG'), undefined],
    ['a PNG signature with one byte wrong', bytes([0x89], 'PNG\r\n\x1a\r'), undefined],
    ['two bytes of JPEG', bytes([0xff, 0xd8]), undefined],
    ['nothing', Buffer.alloc(0), undefined],
  ])('%s → %s', (_name, content, expected) => expect(detectImageType(content)).toBe(expected));
});
