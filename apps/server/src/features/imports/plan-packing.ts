import { promisify } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import { deflate, inflate } from 'node:zlib';

/** Planned lines a stored chunk holds. */
export const PLAN_CHUNK_LINES = 1000;

const deflated = promisify(deflate);
const inflated = promisify(inflate);

/**
 * Planned lines pushed between two turns given to the thread's event loop while a chunk is being
 * deflated. zlib works on libuv's threads one output buffer (16 KiB) at a time, and this thread
 * must hear each buffer's end before the next begins: while the planning held the thread, a
 * chunk's deflating stood still, and the planning then waited for it (some 60 ms of a
 * 10,000-line verification). A larger output buffer would take one pass, but leaves that much
 * memory to collect a chunk (13 MiB more at the peak of a 50,000-line verification).
 */
const YIELD_EVERY = 50;

/**
 * A plan packed as it is made, in the form its chunks are stored (`import_batch_chunks.packed`):
 * each chunk of PLAN_CHUNK_LINES lines serialised by V8 (whose format Node keeps readable by later
 * versions, safe to store) and deflated, in base64. The planners push their lines here rather than
 * into an array, so that a 50,000-line plan (40 MiB of objects) is never held whole beside the
 * file's lines and the preview: a full chunk is serialised at once and deflated on libuv's thread
 * while the planning goes on, and the planning waits for it before sealing the next (deflating
 * every chunk at once, the serialised chunks piled up: the memory grew by 50 MB more).
 *
 * Not JSON: a file with one '’' makes the plan's JSON a two-byte string, whose UTF-8 encoding
 * alone took 100 ms for 10,000 lines; V8's serialisation writes strings as they are held, three
 * times faster. Deflated at the fast level: the encrypted secrets hardly compress, the repeated
 * keys and names do.
 */
export class PlanPacker<Line> {
  private chunk: Line[] = [];
  private readonly chunks: string[] = [];
  private deflating: Promise<Buffer> | null = null;
  private packingMs = 0;

  /** The milliseconds this thread spent packing so far: serialising, and waiting for a chunk to be deflated. */
  get ms(): number {
    return this.packingMs;
  }

  /** Adds a line; when it fills a chunk, waits for the chunk before to be deflated (two at most are held). */
  async push(line: Line): Promise<void> {
    this.chunk.push(line);
    if (this.chunk.length === PLAN_CHUNK_LINES) await this.seal();
    else if (this.deflating && this.chunk.length % YIELD_EVERY === 0) await new Promise(setImmediate);
  }

  /** The stored chunks, in order; the plan is complete once they are asked for. */
  async packed(): Promise<string[]> {
    if (this.chunk.length > 0) await this.seal();
    const started = performance.now();
    if (this.deflating) this.chunks.push((await this.deflating).toString('base64'));
    this.deflating = null;
    this.packingMs += performance.now() - started;
    return this.chunks;
  }

  private async seal(): Promise<void> {
    const started = performance.now();
    const serialised = serialize(this.chunk);
    this.chunk = [];
    if (this.deflating) this.chunks.push((await this.deflating).toString('base64'));
    this.deflating = deflated(serialised, { level: 1 });
    this.packingMs += performance.now() - started;
  }
}

/**
 * A stored plan's lines, its chunks (in order) put back together, one chunk at a time: each is
 * inflated on libuv's thread, so that the server's other requests run between two chunks (all
 * at once, a 50,000-line plan held the event loop for about half a second).
 */
export async function unpackPlan<Line>(chunks: readonly string[]): Promise<Line[]> {
  const lines: Line[] = [];
  for (const chunk of chunks) {
    for (const line of deserialize(await inflated(Buffer.from(chunk, 'base64'))) as Line[]) lines.push(line);
  }
  return lines;
}
