import { vi } from 'vitest';

export type MockAnswer = { status: number; body?: unknown } | Error;
type Route = `${string} ${string}`;

/**
 * Replaces fetch with answers keyed by 'METHOD /path' (query strings ignored), or by a function
 * called at each request. An unknown route answers 404; an Error answer rejects as a network
 * failure would.
 */
export function mockFetch(routes: Record<Route, MockAnswer | (() => MockAnswer | Promise<MockAnswer>)>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}` as Route;
    const entry = routes[key];
    // A function may answer later (a Promise), to hold a request pending.
    const answer =
      typeof entry === 'function' ? await entry() : (entry ?? { status: 404, body: { code: 'not_found', message: 'Not found' } });
    if (answer instanceof Error) throw answer;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', 'x-api-version': '3.1.0' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to one 'METHOD /path'. */
export function bodiesSentTo(fetchMock: ReturnType<typeof mockFetch>, route: Route): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://localhost').pathname}` === route,
    )
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

/** One header of each request sent to one 'METHOD /path' (undefined where it was not sent). */
export function headersSentTo(fetchMock: ReturnType<typeof mockFetch>, route: Route, name: string): (string | undefined)[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://localhost').pathname}` === route,
    )
    .map(([, init]) => new Headers(init?.headers).get(name) ?? undefined);
}
