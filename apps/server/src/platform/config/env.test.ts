import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderConfigurationDoc } from './configuration-doc.js';
import { ConfigError, describeEnv, loadOrCreateSecret, parseEnv, resolveEnv } from './env.js';

describe('configuration', () => {
  it('needs no variable: embedded defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', DATABASE_URL: undefined, SEED_DEMO: true, COOKIE_SECURE: false });
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
