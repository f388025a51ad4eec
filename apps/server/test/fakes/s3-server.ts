import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeFake, listenFake } from './http-fake.js';

/**
 * An S3-compatible store on free local ports: s3rver (the S3 REST API over a temporary folder:
 * GetObject with ranges and response-header overrides, HeadObject, DeleteObject, presigned GETs
 * refused once expired) behind a small front that checks browser-based uploads, which s3rver
 * stores without reading their policy. The front answers a POST to the bucket as AWS documents
 * it (AWS S3 API reference, "Creating a POST policy" and "Calculating a signature" for POST
 * with Signature Version 4): the SigV4 signature of the base64 policy, its `expiration`, every
 * condition (exact value, `starts-with`, `content-length-range`), no field the policy does not
 * name; a refusal is S3's XML error (AccessDenied 403 "Invalid according to Policy: …",
 * EntityTooLarge or EntityTooSmall 400, SignatureDoesNotMatch 403), and a post that holds goes on
 * to s3rver unchanged. Every other request goes to s3rver as it came.
 *
 * The bucket allows any origin to GET and POST (a CORS rule), as a console's bucket allows the
 * console's; it is addressed as a path of `endpoint` (S3_FORCE_PATH_STYLE).
 */
export type TestS3Server = {
  /** The store's endpoint, the front's origin (S3_ENDPOINT). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The variables of a console using this store. */
  env: Record<
    'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY',
    string
  >;
  /** Stops both servers and removes the objects' folder. */
  close: () => Promise<void>;
};

export type TestS3ServerOptions = {
  /** Default 'console-files'. */
  bucket?: string;
  /** Default 'us-east-1'. */
  region?: string;
  /** The front's port; default 0, any free port. */
  port?: number;
};

/** s3rver's only account: the keys every request must name (its own check stops there). */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/** The most a POST's body may be here: far above any ticket's maxBytes. */
const MAX_POST_BYTES = 64 * 1024 * 1024;

/** The form fields no condition needs to name (the AWS reference's list). */
const UNCONDITIONED_FIELDS = new Set(['x-amz-signature', 'file', 'policy']);

const CORS_RULE = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`;

/** What this module uses of s3rver, which ships no types. */
type S3rverInstance = {
  run: () => Promise<{ port: number }>;
  close: () => Promise<void>;
  httpServer: Server;
};
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

/** An S3 error answer: its code, status and message, written as S3 writes them. */
class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function sendError(response: ServerResponse, refusal: S3Refusal): void {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  response.writeHead(refusal.status, { 'content-type': 'application/xml', 'access-control-allow-origin': '*' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${escapeXml(refusal.message)}</Message>` +
      `<RequestId>${requestId}</RequestId><HostId>${requestId}</HostId></Error>`,
  );
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** SigV4's signing key: HMAC chain of the secret over the date, the region, the service and `aws4_request`. */
function signingKeyOf(secret: string, date: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
}

/** The form's text fields before `file` (by lower-case name, as S3 matches them) and the file. */
type PostForm = { fields: Map<string, string>; file: Blob | undefined };

async function readForm(body: Buffer, contentType: string): Promise<PostForm> {
  let form: FormData;
  try {
    form = await new Request('http://s3.fake/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
  } catch {
    throw new S3Refusal(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
  }
  const fields = new Map<string, string>();
  for (const [name, value] of form) {
    // What follows the file is not read, as S3 does.
    if (name === 'file') return { fields, file: typeof value === 'string' ? new Blob([value]) : value };
    if (typeof value === 'string') fields.set(name.toLowerCase(), value);
  }
  return { fields, file: undefined };
}

type Condition = Record<string, unknown> | unknown[];

/** The policy's conditions, once its signature holds and it has not expired. */
function readPolicy(fields: Map<string, string>, region: string, secret: string): Condition[] {
  const encoded = fields.get('policy');
  if (encoded === undefined) throw new S3Refusal(403, 'AccessDenied', 'Access Denied');
  if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256')
    throw new S3Refusal(400, 'InvalidArgument', 'Only AWS4-HMAC-SHA256 is supported for POST with Signature Version 4');
  const [accessKeyId, date = '', credentialRegion, service, terminator] = (fields.get('x-amz-credential') ?? '').split('/');
  if (accessKeyId !== ACCESS_KEY_ID)
    throw new S3Refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (credentialRegion !== region || service !== 's3' || terminator !== 'aws4_request')
    throw new S3Refusal(
      400,
      'AuthorizationQueryParametersError',
      `Error parsing the X-Amz-Credential parameter; the region '${credentialRegion}' is wrong; expecting '${region}'`,
    );
  const expected = hmac(signingKeyOf(secret, date, region), encoded);
  const given = Buffer.from(fields.get('x-amz-signature') ?? '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new S3Refusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as typeof policy;
  } catch {
    throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  if (typeof policy.expiration !== 'string' || Number.isNaN(Date.parse(policy.expiration)) || !Array.isArray(policy.conditions))
    throw new S3Refusal(400, 'InvalidPolicyDocument', "Invalid Policy: Invalid 'expiration' or 'conditions'.");
  if (Date.parse(policy.expiration) <= Date.now())
    throw new S3Refusal(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
  return policy.conditions as Condition[];
}

/** The field a condition names (`$key`, `bucket`…), lower-case, as S3 matches names. */
const fieldNameOf = (name: unknown) => String(name).replace(/^\$/, '').toLowerCase();

/**
 * Checks every condition against the form (`bucket` against the bucket posted to) and the file's
 * size, and that every field but the signature, the policy, the file and `x-ignore-*` ones is
 * named by a condition. Throws the S3Refusal S3 answers.
 */
function checkConditions(conditions: Condition[], form: PostForm, bucket: string, fileSize: number): void {
  const valueOf = (name: string) => (name === 'bucket' ? bucket : form.fields.get(name));
  const failed = (condition: Condition) =>
    new S3Refusal(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
  const named = new Set<string>();
  for (const condition of conditions) {
    if (!Array.isArray(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        named.add(fieldNameOf(name));
        if (valueOf(fieldNameOf(name)) !== value) throw failed(condition);
      }
      continue;
    }
    const [operator, name, value] = condition as [unknown, unknown, unknown];
    switch (String(operator).toLowerCase()) {
      case 'eq':
        named.add(fieldNameOf(name));
        if (valueOf(fieldNameOf(name)) !== value) throw failed(condition);
        break;
      case 'starts-with':
        named.add(fieldNameOf(name));
        if (!(valueOf(fieldNameOf(name)) ?? '').startsWith(String(value))) throw failed(condition);
        break;
      case 'content-length-range':
        if (fileSize < Number(name))
          throw new S3Refusal(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
        if (fileSize > Number(value))
          throw new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
        break;
      default:
        throw new S3Refusal(400, 'InvalidPolicyDocument', `Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`);
    }
  }
  const extra = [...form.fields.keys()].filter(
    (name) => !UNCONDITIONED_FIELDS.has(name) && !name.startsWith('x-ignore-') && !named.has(name),
  );
  if (extra.length > 0)
    throw new S3Refusal(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_POST_BYTES)
      throw new S3Refusal(
        400,
        'MaxPostPreDataLengthExceeded',
        // S3's own words.
        'Your POST request fields preceeding the upload file was too large.',
      );
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Sends a request on to s3rver, with `body` or the request's own stream, and its answer back;
 * an upload's answer allows any origin to read it, as the bucket's CORS rule does (s3rver applies
 * CORS rules to objects' addresses only).
 */
function forward(request: IncomingMessage, response: ServerResponse, port: number, body?: Buffer): void {
  const upstream = httpRequest(
    // No keep-alive: s3rver's connections end with each answer, so that it closes at once.
    { host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers, agent: false },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, {
        ...answer.headers,
        ...(body === undefined ? {} : { 'access-control-allow-origin': '*' }),
      });
      answer.pipe(response);
    },
  );
  upstream.on('error', () => response.destroy());
  if (body === undefined) request.pipe(upstream);
  else upstream.end(body);
}

export async function startTestS3Server(options: TestS3ServerOptions = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'console-files';
  const region = options.region ?? 'us-east-1';
  const directory = await mkdtemp(path.join(tmpdir(), 's3-fake-'));
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [CORS_RULE] }],
  });
  const { port: s3rverPort } = await s3rver.run();

  const front = createServer((request, response) => {
    const { pathname, search } = new URL(request.url ?? '/', 'http://s3.fake');
    const isBucketPost = request.method === 'POST' && search === '' && pathname.replace(/\/$/, '') === `/${bucket}`;
    if (!isBucketPost) return forward(request, response, s3rverPort);
    void (async () => {
      try {
        const body = await readBody(request);
        const form = await readForm(body, request.headers['content-type'] ?? '');
        if (!form.file) throw new S3Refusal(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
        checkConditions(readPolicy(form.fields, region, SECRET_ACCESS_KEY), form, bucket, form.file.size);
        forward(request, response, s3rverPort, body);
      } catch (error) {
        if (!(error instanceof S3Refusal)) throw error;
        sendError(response, error);
      }
    })().catch(() => response.destroy());
  });
  const { origin } = await listenFake(front, { port: options.port });

  return {
    endpoint: origin,
    bucket,
    region,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ENDPOINT: origin,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    close: async () => {
      await closeFake(front, new Set());
      s3rver.httpServer.closeAllConnections();
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
