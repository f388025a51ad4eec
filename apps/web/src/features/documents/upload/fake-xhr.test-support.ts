import { vi } from 'vitest';

type Handler = (() => void) | null;

/**
 * A stand-in for XMLHttpRequest that records what is posted and answers when a test says:
 * `progress(loaded, total)` fires an upload progress event, `respond(status, body)` the answer,
 * `fail()` a network error. With `autoRespond`, each request is answered so at once (a 2xx).
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  static autoRespond: number | null = null;

  method = '';
  url = '';
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  isAborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(): void {}

  send(body: FormData): void {
    this.body = body;
    FakeXhr.sent.push(this);
    const status = FakeXhr.autoRespond;
    if (status !== null) queueMicrotask(() => this.respond(status));
  }

  abort(): void {
    this.isAborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body?: unknown): void {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }

  fail(): void {
    this.onerror?.();
  }

  /** The names of the form's parts, in order. */
  partNames(): string[] {
    return [...(this.body?.keys() ?? [])];
  }
}

/** Replaces XMLHttpRequest with FakeXhr (restored with the stubbed globals); answers `autoRespond` at once when given. */
export function installFakeXhr(autoRespond: number | null = null): FakeXhr[] {
  FakeXhr.sent = [];
  FakeXhr.autoRespond = autoRespond;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.sent;
}
