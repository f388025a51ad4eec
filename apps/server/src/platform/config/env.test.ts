import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderConfigurationDoc } from './configuration-doc.js';
import { ConfigError, describeEnv, loadOrCreateSecret, mapTilesImageSource, mapTilesOf, parseEnv, resolveEnv } from './env.js';
import { s3SettingsOf } from './s3-settings.js';

describe('configuration', () => {
  it('needs no variable: embedded defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      DATABASE_URL: undefined,
      SEED_DEMO: true,
      COOKIE_SECURE: undefined,
    });
  });

  it('stops with a message naming every bad variable', () => {
    let message = '';
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', ENCRYPTION_KEY: 'short' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('ENCRYPTION_KEY');
  });

  it('reads TRUST_PROXY as none, every hop, a number of proxies, or their addresses', () => {
    const trustOf = (value: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(trustOf('false')).toBe(false);
    expect(trustOf('true')).toBe(true);
    expect(trustOf('1')).toBe(1);
    expect(trustOf('2')).toBe(2);
    expect(trustOf('10.0.0.0/8, 192.168.1.7,::1,fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']);
    expect(trustOf('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.300', 'balancer.local', '10.0.0.1/8/1', 'loopbacks']) {
      expect(() => trustOf(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('counts schedules in Paris unless TIME_ZONE names another zone the runtime knows', () => {
    expect(parseEnv({}).TIME_ZONE).toBe('Europe/Paris');
    expect(parseEnv({ TIME_ZONE: ' Indian/Reunion ' }).TIME_ZONE).toBe('Indian/Reunion');
    expect(parseEnv({ TIME_ZONE: '' }).TIME_ZONE).toBe('Europe/Paris');
    for (const bad of ['Paris', 'Europe/Lutece']) expect(() => parseEnv({ TIME_ZONE: bad }), bad).toThrow(/TIME_ZONE/);
  });

  it('reads the map tiles as an http(s) template holding {z}, {x} and {y}, with their attribution; none by default', () => {
    const tiles = (source: Record<string, string>) => mapTilesOf(parseEnv(source));
    expect(tiles({})).toBeNull();
    expect(tiles({ MAP_TILES_ATTRIBUTION: '© OpenStreetMap' })).toBeNull();
    expect(
      tiles({
        MAP_TILES_URL: ' https://tile.openstreetmap.org/{z}/{x}/{y}.png ',
        MAP_TILES_ATTRIBUTION: ' © OpenStreetMap contributors ',
      }),
    ).toEqual({ url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' });
    expect(tiles({ MAP_TILES_URL: 'http://tiles.intra:8080/{z}/{y}/{x}.png?key=k' })).toEqual({
      url: 'http://tiles.intra:8080/{z}/{y}/{x}.png?key=k',
      attribution: '',
    });
    for (const bad of [
      'https://tile.openstreetmap.org/{z}/{x}.png',
      'ftp://tiles.example.fr/{z}/{x}/{y}.png',
      '//tiles.example.fr/{z}/{x}/{y}.png',
      'tiles.example.fr/{z}/{x}/{y}.png',
      "https://tiles.example.fr;img-src'*'/{z}/{x}/{y}.png",
      'https://{s}{z}.example.fr/{x}/{y}.png',
      'https://user:secret@tiles.example.fr/{z}/{x}/{y}.png',
      'http://[::1]:8080/{z}/{x}/{y}.png',
    ])
      expect(() => parseEnv({ MAP_TILES_URL: bad }), bad).toThrow(/MAP_TILES_URL/);
    expect(() => parseEnv({ MAP_TILES_ATTRIBUTION: 'x'.repeat(501) })).toThrow(/MAP_TILES_ATTRIBUTION/);
  });

  it("allows the map tiles' images from their origin, a {s} subdomain as any; nothing when unset", () => {
    const source = (url?: string) => mapTilesImageSource(parseEnv(url === undefined ? {} : { MAP_TILES_URL: url }));
    expect(source()).toBeUndefined();
    expect(source('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(source('http://tiles.intra:8080/osm/{z}/{x}/{y}.png')).toBe('http://tiles.intra:8080');
    expect(source('https://{s}.tile.example.fr/{z}/{x}/{y}.png')).toBe('https://*.tile.example.fr');
    expect(source('https://TILES.Example.fr/{z}/{x}/{y}.png')).toBe('https://tiles.example.fr');
  });

  it('generates the secret into DATA_DIR on first start and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'env-test-'));
    const first = loadOrCreateSecret(dir);
    expect(first).toHaveLength(32);
    expect(loadOrCreateSecret(dir).equals(first)).toBe(true);
    expect(resolveEnv({ DATA_DIR: dir }).encryptionKey.equals(first)).toBe(true);
  });

  it('masks sensitive values when describing the configuration', () => {
    const described = describeEnv(parseEnv({ DATABASE_URL: 'postgres://user:secret@host/db' }));
    expect(described.DATABASE_URL).toBe('(set)');
    expect(JSON.stringify(described)).not.toContain('secret');
  });

  it('keeps files in DATA_DIR unless S3_BUCKET names a bucket, whose keys are then required and never printed', () => {
    expect(s3SettingsOf(parseEnv({}))).toBeUndefined();
    const keys = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret/with+signs' };
    expect(s3SettingsOf(parseEnv({ S3_BUCKET: 'console-files', ...keys }))).toEqual({
      bucket: 'console-files',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret/with+signs',
    });
    const minio = parseEnv({
      S3_BUCKET: 'console-files',
      S3_REGION: 'garage',
      S3_ENDPOINT: 'http://minio.intra:9000',
      S3_FORCE_PATH_STYLE: 'true',
      ...keys,
    });
    expect(s3SettingsOf(minio)).toMatchObject({ region: 'garage', endpoint: 'http://minio.intra:9000', forcePathStyle: true });
    expect(describeEnv(minio)).toMatchObject({
      S3_BUCKET: 'console-files',
      S3_ACCESS_KEY_ID: '(set)',
      S3_SECRET_ACCESS_KEY: '(set)',
    });
    expect(() => parseEnv({ S3_BUCKET: 'console-files' })).toThrow(
      /S3_ACCESS_KEY_ID: required when S3_BUCKET is set\n\s+S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set/,
    );
    expect(() => parseEnv({ S3_BUCKET: 'console-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    for (const bad of ['Console_Files', 'ab', '-files', 'files-'])
      expect(() => parseEnv({ S3_BUCKET: bad, ...keys }), bad).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });

  it('is documented in docs/configuration.md (npm run docs)', () => {
    expect(readFileSync(new URL('../../../../../docs/configuration.md', import.meta.url), 'utf8')).toBe(renderConfigurationDoc());
  });
});
