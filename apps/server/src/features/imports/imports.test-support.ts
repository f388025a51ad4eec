import { imports } from '@console/contract';
import type { LightMyRequestResponse } from 'fastify';
import { injectAs, requestOf, type TestContext } from '../../../test/context.js';

/**
 * Posts a file to the import's verification as the import view does (multipart/form-data: the
 * fields in order, then `csvfile`), or no file at all.
 */
export async function postImportFile(
  t: TestContext,
  cookie: string,
  file: { name: string; bytes: Buffer } | null,
  fields: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(imports.IMPORT_FILE_FIELD, new Blob([file.bytes], { type: 'text/csv' }), file.name);
  const encoded = new Response(form);
  return injectAs(t.app, cookie, {
    ...requestOf(imports.verifyImport),
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  });
}
