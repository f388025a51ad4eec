import {
  API_PREFIX,
  authRefs,
  buildPath,
  ERROR_REASONS,
  IDEMPOTENCY_KEY_HEADER,
  type ErrorParams,
  type ErrorReason,
  type RouteAnswer,
  type RouteDescriptor,
  type RouteInput,
  type RouteRef,
} from '@console/contract';

/**
 * `idempotencyKey`: names one user action on a route that sends something outside (mail, PNE);
 * the server answers a repeat with the same key from the first, without sending again.
 */
export type CallOptions = { idempotencyKey?: string };

type CallArguments<R> =
  object extends RouteInput<R> ? [input?: RouteInput<R>, options?: CallOptions] : [input: RouteInput<R>, options?: CallOptions];

/** A fresh key for one user action (see CallOptions). */
export function newActionKey(): string {
  return crypto.randomUUID();
}

export type FieldErrors = Record<string, string[]>;

/**
 * A failed API call: the HTTP status, the server's stable error code, its field errors (message
 * keys), and the reason with its parameters that the user is told (see `userMessageOf`). The
 * message is the server's English text, for the console and bug reports; nothing shows it.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldErrors;
  readonly reason: ErrorReason | undefined;
  readonly params: ErrorParams;
  /** The whole parsed error body, for answers that carry more than the common shape (e.g. `data.errors`). */
  readonly body: unknown;

  constructor(
    status: number,
    code: string,
    message: string,
    fieldErrors: FieldErrors = {},
    body: unknown = undefined,
    reason: ErrorReason | undefined = undefined,
    params: ErrorParams = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.body = body;
    this.reason = reason;
    this.params = params;
  }
}

/** Calls whose 401 means "wrong credentials" or "no session yet", not "session expired". */
const PATHS_WITHOUT_EXPIRY: readonly string[] = [authRefs.login.path, authRefs.loginWithToken.path, authRefs.me.path];

let handleSessionExpired: () => void = () => window.location.reload();

/** Replaces what happens when a call answers 401 (a page reload by default, which shows the sign-in). */
export function setSessionExpiredHandler(handler: () => void): void {
  handleSessionExpired = handler;
}

/**
 * Calls one contract route (its descriptor, or a zod-free ref of it) under /api with the session cookie. Resolves with the parsed JSON
 * answer; rejects with an ApiError (status 0 and code `network_error` when the server is unreachable).
 */
export async function call<R extends RouteDescriptor>(
  route: R | RouteRef<R>,
  ...[input, options]: CallArguments<R>
): Promise<RouteAnswer<R>> {
  const { url, init } = jsonRequestOf(route, input, options);
  return send(route, url, init);
}

/** A file a route answered (see `callForFile`): its bytes and the name to save it under. */
export type DownloadedFile = { blob: Blob; fileName: string };

/**
 * Calls a route that answers a file (`produces` on its descriptor) as `call` does (JSON body,
 * session cookie, a 401 ending the session). Resolves with the file and its name from the
 * answer's Content-Disposition (`filename*` preferred, then `filename`, else `fallbackFileName`);
 * rejects with an ApiError read from the JSON error body, as `call` does.
 */
export async function callForFile<R extends RouteDescriptor>(
  route: R | RouteRef<R>,
  input: RouteInput<R>,
  fallbackFileName = 'export',
): Promise<DownloadedFile> {
  const { url, init } = jsonRequestOf(route, input, {}, '*/*');
  const response = await fetchWithSession(route, url, init);
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) ?? fallbackFileName };
}

/** The URL and request of a call with its input as a JSON body. */
function jsonRequestOf(
  route: RouteRef,
  input: unknown,
  options: CallOptions = {},
  accept = 'application/json',
): { url: string; init: RequestInit } {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: object; body?: unknown };
  const url = API_PREFIX + buildPath(route.path, params) + toQueryString(query);
  const headers: Record<string, string> = { accept };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
  return { url, init: { method: route.method, headers, body: body === undefined ? undefined : JSON.stringify(body) } };
}

/**
 * Posts a multipart/form-data body (a file upload) to a route that takes one; the browser sets
 * the content type with its boundary. Answers and rejects as `call` does.
 */
export async function postForm<R extends RouteDescriptor>(
  route: R | RouteRef<R>,
  form: FormData,
  params?: Record<string, string | number>,
): Promise<RouteAnswer<R>> {
  return send(route, API_PREFIX + buildPath(route.path, params), {
    method: route.method,
    headers: { accept: 'application/json' },
    body: form,
  });
}

/** Sends one request with the session cookie: its parsed JSON answer (undefined for a 204), or an ApiError as `fetchWithSession` throws. */
async function send<R extends RouteDescriptor>(route: R | RouteRef<R>, url: string, init: RequestInit): Promise<RouteAnswer<R>> {
  const response = await fetchWithSession(route, url, init);
  if (response.status === 204) return undefined as RouteAnswer<R>;
  return (await response.json()) as RouteAnswer<R>;
}

/**
 * Sends one request with the session cookie: the successful answer, unread. Throws an ApiError
 * for an error answer (the session-expiry handler called first on a 401, except for the calls
 * whose 401 means something else), and `network_error` when the server cannot be reached.
 */
async function fetchWithSession(route: RouteRef, url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'include' });
  } catch {
    throw new ApiError(0, 'network_error', 'The server could not be reached.');
  }

  if (!response.ok) {
    const error = await readError(response);
    if (response.status === 401 && !PATHS_WITHOUT_EXPIRY.includes(route.path)) handleSessionExpired();
    throw error;
  }
  return response;
}

/** A Content-Disposition parameter: its name, then its value, quoted (with backslash escapes) or bare. */
const DISPOSITION_PARAMETER = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
/** An RFC 8187 extended value: charset, language, then the percent-encoded text. */
const EXTENDED_VALUE = /^([^']*)'[^']*'(.*)$/;

/**
 * The file name a Content-Disposition header gives (RFC 6266): the UTF-8 `filename*` when it can
 * be read, else `filename`; only its last path segment, so that a name never names a folder.
 * Undefined without a header or a usable name.
 */
function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const parameters = new Map<string, string>();
  for (const [, name, value] of header.matchAll(DISPOSITION_PARAMETER)) parameters.set(name!.toLowerCase(), value!.trim());

  const candidates = [decodeExtendedValue(parameters.get('filename*')), unquote(parameters.get('filename'))];
  return candidates.map((name) => name?.split(/[\\/]/).pop()?.trim()).find((name) => !!name);
}

function decodeExtendedValue(value: string | undefined): string | undefined {
  const match = value === undefined ? null : EXTENDED_VALUE.exec(unquote(value) ?? '');
  if (!match || match[1]!.toLowerCase() !== 'utf-8') return undefined;
  try {
    return decodeURIComponent(match[2]!);
  } catch {
    return undefined;
  }
}

function unquote(value: string | undefined): string | undefined {
  if (value === undefined || value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  return value.slice(1, -1).replace(/\\(.)/g, '$1');
}

function toQueryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of [value].flat()) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The ApiError an error answer describes (its code, reason, params and field errors). */
export async function readError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as {
      code?: unknown;
      message?: unknown;
      details?: { fieldErrors?: unknown; reason?: unknown; params?: unknown };
    };
    const fieldErrors = isFieldErrors(body.details?.fieldErrors) ? body.details.fieldErrors : {};
    return new ApiError(
      response.status,
      typeof body.code === 'string' ? body.code : 'unknown_error',
      typeof body.message === 'string' ? body.message : response.statusText,
      fieldErrors,
      body,
      isReason(body.details?.reason) ? body.details.reason : undefined,
      isParams(body.details?.params) ? body.details.params : {},
    );
  } catch {
    return new ApiError(response.status, 'unknown_error', response.statusText);
  }
}

function isReason(value: unknown): value is ErrorReason {
  return (ERROR_REASONS as readonly unknown[]).includes(value);
}

function isParams(value: unknown): value is ErrorParams {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((param) => typeof param === 'string' || typeof param === 'number')
  );
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'))
  );
}

/**
 * Whether a call that sends something outside was refused because the server already received
 * it (same Idempotency-Key) and does not know what it sent: sending again could send twice.
 */
export function wasAlreadyReceived(error: unknown): boolean {
  return error instanceof ApiError && error.reason === 'request_already_received';
}
