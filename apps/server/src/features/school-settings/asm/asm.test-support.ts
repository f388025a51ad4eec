import type { userExports } from '@console/contract';
import { asmArchive, without } from '@console/contract/testing/rosters';
import yazl from 'yazl';

/** The contract's small valid Apple School Manager archive, without `leaveOut` when it names one of its files. */
export function asmFiles({ leaveOut }: { leaveOut?: userExports.AsmFileName } = {}): Record<string, string> {
  return leaveOut === undefined ? asmArchive() : without(asmArchive(), leaveOut);
}

/** Files zipped at the root of a zip, in memory. */
export function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text, 'utf8'), name, { mtime: new Date(0) });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** The multipart/form-data body a browser's FormData makes of the fields and one file. */
export async function formOf(
  fields: Record<string, string>,
  file: { field: string; name: string; type: string; bytes: Buffer } | null,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field, new Blob([file.bytes], { type: file.type }), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}
