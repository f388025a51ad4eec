/**
 * Reads an RFC 5322 message as the tests need it: the decoded To and Subject, and the decoded
 * text and HTML parts (quoted-printable, base64 or 7bit; multipart/alternative or single part).
 */
export type ReadMail = { to: string; subject: string; text: string; html: string | null };

function splitHeadersAndBody(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function bytesOfQuotedPrintable(value: string): Buffer {
  const bytes: number[] = [];
  const text = value.replace(/=\n/g, '');
  for (let index = 0; index < text.length; index++) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(text[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return bytesOfQuotedPrintable(body).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** Decodes RFC 2047 encoded words; the space between two adjacent encoded words is dropped. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : bytesOfQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

export function readMail(raw: string): ReadMail {
  const { headers, body } = splitHeadersAndBody(raw);
  const parts: { type: string; text: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHeadersAndBody(chunk.replace(/^\n/, ''));
      parts.push({
        type: part.headers.get('content-type') ?? 'text/plain',
        text: decodeBody(part.body, part.headers.get('content-transfer-encoding')),
      });
    }
  } else {
    parts.push({
      type: headers.get('content-type') ?? 'text/plain',
      text: decodeBody(body, headers.get('content-transfer-encoding')),
    });
  }
  return {
    to: decodeHeader(headers.get('to') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: parts.find((part) => part.type.startsWith('text/plain'))?.text ?? '',
    html: parts.find((part) => part.type.startsWith('text/html'))?.text ?? null,
  };
}
