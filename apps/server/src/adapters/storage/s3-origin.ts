import { isIP } from 'node:net';
import type { S3Settings } from '#platform/config/s3-settings.js';

/**
 * A bucket name the SDK makes a host name's first label: no dot, which TLS certificates'
 * wildcards cannot cover (the SDK keeps a dotted name in the path even over plain HTTP).
 */
const VIRTUAL_HOSTABLE = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/**
 * The origin the browser posts uploads to and reads signed downloads from: the bucket's host
 * (`https://<bucket>.s3.<region>.amazonaws.com`, `https://<bucket>.<endpoint host>`) or, when the
 * bucket is addressed as a path (S3_FORCE_PATH_STYLE, a dotted name, an endpoint given
 * by IP address), the endpoint's. The same choice as the AWS SDK's endpoint rules, which a unit
 * test holds this to; computed without loading the SDK, for the Content-Security-Policy.
 */
export function s3BucketOrigin(settings: Pick<S3Settings, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>): string {
  const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  const hostname = endpoint.hostname.replace(/^\[|\]$/g, '');
  const pathStyle = settings.forcePathStyle || isIP(hostname) !== 0 || !VIRTUAL_HOSTABLE.test(settings.bucket);
  return pathStyle ? endpoint.origin : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
}
