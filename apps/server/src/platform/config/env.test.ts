import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderConfigurationDoc } from './configuration-doc.js';
import { ConfigError, describeEnv, loadOrCreateSecret, parseEnv, resolveEnv } from './env.js';

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

  it('is documented in docs/configuration.md (npm run docs)', () => {
    expect(readFileSync(new URL('../../../../../docs/configuration.md', import.meta.url), 'utf8')).toBe(renderConfigurationDoc());
  });
});
