import { Readable } from 'node:stream';

/** Items of a long list written at a time. */
const BATCH = 1000;

/** Whether an answer holds a list long enough to be written in parts (an import's 50,000 previewed users). */
function hasLongList(answer: unknown): answer is Record<string, unknown> {
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return false;
  return Object.values(answer).some((value) => Array.isArray(value) && value.length > BATCH);
}

/**
 * An answer's JSON as the body to send. As bytes when small (a string would be encoded twice,
 * once to count its length and once to send it). An object holding a long list is written as a
 * stream, the list a thousand items at a time, each part sent before the next is made: the
 * 50,000 users of an import's preview are 44 MiB of JSON, which as one string (two bytes a
 * character when a name holds a '’') and its bytes took 130 MiB at once. The text is the same as
 * JSON.stringify's.
 */
export function jsonAnswer(answer: unknown): Buffer | Readable {
  if (!hasLongList(answer)) return Buffer.from(JSON.stringify(answer) ?? 'null', 'utf8');
  return Readable.from(jsonParts(answer), { objectMode: false });
}

function* jsonParts(answer: Record<string, unknown>): Generator<Buffer> {
  let first = true;
  yield Buffer.from('{');
  for (const [key, value] of Object.entries(answer)) {
    // As JSON.stringify: a property whose value has no JSON (undefined, a function) is left out.
    const text = Array.isArray(value) && value.length > BATCH ? null : JSON.stringify(value);
    if (text === undefined) continue;
    yield Buffer.from(`${first ? '' : ','}${JSON.stringify(key)}:${text ?? '['}`, 'utf8');
    first = false;
    if (text !== null) continue;
    const list = value as unknown[];
    for (let start = 0; start < list.length; start += BATCH) {
      const part = JSON.stringify(list.slice(start, start + BATCH));
      yield Buffer.from(`${start === 0 ? '' : ','}${part.slice(1, -1)}`, 'utf8');
    }
    yield Buffer.from(']');
  }
  yield Buffer.from('}');
}
