import { API_PREFIX } from '@console/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { AppError } from '#platform/errors/app-error.js';

/** The methods a page of another site may not send to the API (`cross_site_request`). */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a browser sent this request from a page of another site. A browser states it in
 * `Sec-Fetch-Site`, which no page can forge; older browsers only send `Origin`, compared with
 * the host the request reached (the balancer's forwarded host under TRUST_PROXY) and with
 * PUBLIC_URL. A request with neither header comes from no browser page (a script, a test, a
 * server) and carries no ambient authority a page could borrow.
 */
export function isCrossSiteRequest(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return isCrossSite(request.headers, [hostOf(`${request.protocol}://${request.host}`)], publicUrl);
}

/**
 * The same check on a request Fastify did not read: the realtime server's WebSocket handshake.
 * The host reached is its Host header or the balancer's forwarded host: a page can set neither
 * header on a WebSocket, so either names where the browser really went.
 */
export function isCrossSiteHandshake(request: IncomingMessage, publicUrl: string | undefined): boolean {
  const forwarded = request.headers['x-forwarded-host'];
  const reached = [
    request.headers.host ?? '',
    typeof forwarded === 'string' ? (forwarded.split(',')[0] ?? '').trim() : '',
  ].filter(Boolean);
  // Whether it came over TLS is not told here: the host either scheme reads (a default port left out) is the host reached.
  return isCrossSite(
    request.headers,
    reached.flatMap((host) => [hostOf(`http://${host}`), hostOf(`https://${host}`)]),
    publicUrl,
  );
}

function isCrossSite(
  headers: IncomingHttpHeaders,
  reachedHosts: readonly (string | undefined)[],
  publicUrl: string | undefined,
): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'cross-site' || fetchSite === 'same-site';
  const origin = headers.origin;
  if (origin === undefined) return false;
  const originHost = hostOf(origin);
  if (originHost === undefined) return true;
  if (reachedHosts.includes(originHost)) return false;
  return !(publicUrl !== undefined && originHost === hostOf(publicUrl));
}

/** The host of a URL with its default port left out (`localhost:80` reads `localhost`). */
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing API requests (POST, PUT, PATCH, DELETE) sent by a page of another site
 * with 403 `cross_site_request`, before the session is read: the session cookie's SameSite=Lax
 * alone leaves same-site pages and bodiless requests (logout, unlock, link renewal) exposed.
 */
export function refuseCrossSiteRequests(app: FastifyInstance, publicUrl: string | undefined): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING_METHODS.has(request.method) || !request.url.startsWith(`${API_PREFIX}/`)) return;
    if (isCrossSiteRequest(request, publicUrl)) {
      throw new AppError('cross_site_request', 'A page of another site may not change data here');
    }
  });
}
