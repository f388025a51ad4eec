import { documents as contract, files } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { injectAs, requestOf } from '#test/context.js';
import { formOf } from '#test/uploads.js';

/**
 * What the document tests share: small files, and a document uploaded and registered through the
 * API as the browser does it (a ticket, the file posted to the ticket's address, the registration).
 */

/** A small PDF: its signature is all file-type needs. */
export const pdf = (text = 'Règlement') =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${text}) >> endobj\ntrailer << >>\n%%EOF\n`, 'latin1');

/** A ticket for a file, the file posted to the ticket's address as a browser does; answers the key. */
export async function uploadDocument(
  app: FastifyInstance,
  cookie: string,
  file: { name: string; type: string; bytes: Buffer },
): Promise<string> {
  const asked = await injectAs(app, cookie, {
    ...requestOf(files.createUpload),
    payload: { name: file.name, type: file.type, size: file.bytes.length },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const ticket = files.uploadTicketSchema.parse(asked.json());
  const { payload, contentType } = await formOf(ticket.fields, file.bytes);
  const posted = await app.inject({ method: 'POST', url: ticket.url, payload, headers: { 'content-type': contentType } });
  expect(posted.statusCode, posted.body).toBe(204);
  return ticket.fields.key!;
}

/** Uploads and registers one document for schools; answers it as the uploader's list shows it. */
export async function storeDocument(
  app: FastifyInstance,
  cookie: string,
  file: { name: string; schools: string[]; type?: string; bytes?: Buffer },
): Promise<contract.Document> {
  const type = file.type ?? 'application/pdf';
  const key = await uploadDocument(app, cookie, { name: file.name, type, bytes: file.bytes ?? pdf(file.name) });
  const response = await injectAs(app, cookie, {
    ...requestOf(contract.registerDocuments),
    payload: { arrayDocs: [{ key, name: file.name, schools: file.schools }] },
  });
  expect(response.statusCode, response.body).toBe(200);
  return contract.documentListSchema.parse(response.json()).files.find((listed) => listed.key === key)!;
}
