import { crc32, deflateSync } from 'node:zlib';
import { files } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { injectAs, requestOf } from './context.js';

/** A real 1×1 PNG: signature, IHDR, one deflated scan line, IEND, each chunk with its CRC. */
export function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x2a, 0x6f, 0xb5, 0xff]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The multipart/form-data body a browser's FormData makes: the fields in order, then `file`, then `after`. */
export async function formOf(fields: Record<string, string>, file: Buffer | undefined, after: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file], { type: 'image/png' }), 'logo.png');
  for (const [name, value] of Object.entries(after)) form.append(name, value);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

/**
 * An image uploaded as the browser does it, on an app over the embedded storage: a ticket asked
 * as `cookie` (who needs the Config right), then the file posted to the ticket's address.
 * Answers the ticket's `fileUrl`; throws when either step is refused.
 */
export async function uploadImage(
  app: FastifyInstance,
  cookie: string,
  request: files.UploadRequest,
  bytes: Buffer = tinyPng(),
): Promise<string> {
  const asked = await injectAs(app, cookie, { ...requestOf(files.createUpload), payload: request });
  if (asked.statusCode !== 200) throw new Error(`upload ticket refused (${asked.statusCode}: ${asked.body})`);
  const ticket = files.uploadTicketSchema.parse(asked.json());
  const { payload, contentType } = await formOf(ticket.fields, bytes);
  const posted = await app.inject({ method: 'POST', url: ticket.url, payload, headers: { 'content-type': contentType } });
  if (posted.statusCode !== 204) throw new Error(`upload refused (${posted.statusCode}: ${posted.body})`);
  return ticket.fileUrl;
}
