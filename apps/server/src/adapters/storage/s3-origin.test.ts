import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { describe, expect, it } from 'vitest';
import { s3BucketOrigin } from './s3-origin.js';

type Case = { bucket: string; region: string; endpoint?: string; forcePathStyle?: boolean };

/** Where the SDK itself has the browser post: the address s3BucketOrigin must match, computed without the SDK. */
async function sdkPostOrigin({ bucket, region, endpoint, forcePathStyle = false }: Case): Promise<string> {
  const client = new S3Client({
    region,
    ...(endpoint === undefined ? {} : { endpoint }),
    forcePathStyle,
    credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
  });
  const { url } = await createPresignedPost(client, { Bucket: bucket, Key: 'logos/a.png' });
  client.destroy();
  return new URL(url).origin;
}

describe("the bucket's origin, for the Content-Security-Policy", () => {
  it.each<[string, Case, string]>([
    ['AWS, its own host', { bucket: 'console-files', region: 'eu-west-3' }, 'https://console-files.s3.eu-west-3.amazonaws.com'],
    ['AWS in us-east-1', { bucket: 'console-files', region: 'us-east-1' }, 'https://console-files.s3.us-east-1.amazonaws.com'],
    ['AWS, a dotted name', { bucket: 'files.lycee.fr', region: 'eu-west-3' }, 'https://s3.eu-west-3.amazonaws.com'],
    [
      'AWS, as a path',
      { bucket: 'console-files', region: 'eu-west-3', forcePathStyle: true },
      'https://s3.eu-west-3.amazonaws.com',
    ],
    [
      'Scaleway',
      { bucket: 'console-files', region: 'fr-par', endpoint: 'https://s3.fr-par.scw.cloud' },
      'https://console-files.s3.fr-par.scw.cloud',
    ],
    [
      'an endpoint with a port',
      { bucket: 'console-files', region: 'garage', endpoint: 'https://s3.intra:3900' },
      'https://console-files.s3.intra:3900',
    ],
    [
      'MinIO, as a path',
      { bucket: 'console-files', region: 'us-east-1', endpoint: 'http://minio.intra:9000', forcePathStyle: true },
      'http://minio.intra:9000',
    ],
    [
      'an endpoint under a path, as a path',
      { bucket: 'console-files', region: 'fr-par', endpoint: 'https://s3.example.fr/storage', forcePathStyle: true },
      'https://s3.example.fr',
    ],
    [
      'an IPv4 endpoint',
      { bucket: 'console-files', region: 'garage', endpoint: 'http://127.0.0.1:3900' },
      'http://127.0.0.1:3900',
    ],
    ['an IPv6 endpoint', { bucket: 'console-files', region: 'garage', endpoint: 'http://[::1]:3900' }, 'http://[::1]:3900'],
    [
      'a dotted name over HTTPS',
      { bucket: 'files.lycee.fr', region: 'fr-par', endpoint: 'https://s3.fr-par.scw.cloud' },
      'https://s3.fr-par.scw.cloud',
    ],
    [
      'a dotted name over HTTP',
      { bucket: 'files.lycee.fr', region: 'garage', endpoint: 'http://s3.intra:3900' },
      'http://s3.intra:3900',
    ],
    [
      'localhost, its own host',
      { bucket: 'console-files', region: 'garage', endpoint: 'http://localhost:3900' },
      'http://console-files.localhost:3900',
    ],
  ])('%s', async (_name, settings, expected) => {
    expect(s3BucketOrigin({ forcePathStyle: false, endpoint: undefined, ...settings })).toBe(expected);
    expect(await sdkPostOrigin(settings)).toBe(expected);
  });
});
