import { describe, expect, it } from 'vitest';
import { FONTS, streamPdf } from './pdf-stream.js';

/** A document of `total` pages, each with a line of text; counts the pages drawn so far. */
async function pagesOf(total: number) {
  const progress = { drawn: 0, finished: false, failure: null as unknown };
  const body = await streamPdf('test', async (doc, pace) => {
    try {
      for (let page = 1; page <= total; page++) {
        doc.addPage().font(FONTS.regular).fontSize(12).text(`Page ${page} : Zoé, Weiß, Iñaki`, 50, 50);
        progress.drawn = page;
        await pace();
      }
      progress.finished = true;
    } catch (error) {
      progress.failure = error;
      throw error;
    }
  });
  return { body, progress };
}

describe('streamPdf', () => {
  it('sends the first bytes before the last page is drawn, then the whole document', async () => {
    const { body, progress } = await pagesOf(200);
    const chunks: Buffer[] = [];
    let drawnAtFirstChunk = -1;
    for await (const chunk of body) {
      if (drawnAtFirstChunk < 0) drawnAtFirstChunk = progress.drawn;
      chunks.push(Buffer.from(chunk));
    }
    expect(drawnAtFirstChunk).toBeGreaterThanOrEqual(1);
    expect(drawnAtFirstChunk).toBeLessThan(200);
    expect(progress.finished).toBe(true);
    const pdf = Buffer.concat(chunks).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(200);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('stops drawing when the reader goes away', async () => {
    const { body, progress } = await pagesOf(5_000);
    for await (const chunk of body) {
      expect(chunk.length).toBeGreaterThan(0);
      break; // leaving the loop destroys the stream, as a client hanging up does
    }
    await expect.poll(() => progress.failure, { timeout: 30_000 }).toBeInstanceOf(Error);
    expect(progress.finished).toBe(false);
    expect(progress.drawn).toBeLessThan(5_000);
  });
});
