import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '#platform/auth/secrets.js';
import { sealPasswords } from './plan-context.js';

const key = randomBytes(32);
const secrets = {
  encrypt: (clear: string) => encryptSecret(key, clear),
  decrypt: (sealed: string) => decryptSecret(key, sealed),
};

describe('sealPasswords', () => {
  it('seals every password, each on its own', async () => {
    const drafts: { password: string; sealedPassword?: string }[] = Array.from({ length: 450 }, (_unused, index) => ({
      password: `bcdf${index}`,
    }));
    await sealPasswords({ secrets }, drafts);
    expect(drafts.map((draft) => decryptSecret(key, draft.sealedPassword!))).toEqual(drafts.map((draft) => draft.password));
    expect(new Set(drafts.map((draft) => draft.sealedPassword)).size).toBe(drafts.length);
  });

  it('lets the thread hear other work between two slices (the planning’s query answers)', async () => {
    const drafts: { password: string; sealedPassword?: string }[] = Array.from({ length: 1_000 }, () => ({ password: 'x' }));
    let sealedWhenHeard = -1;
    const sealing = sealPasswords({ secrets }, drafts);
    setImmediate(() => (sealedWhenHeard = drafts.filter((draft) => draft.sealedPassword !== undefined).length));
    await sealing;
    expect(sealedWhenHeard).toBeGreaterThan(0);
    expect(sealedWhenHeard).toBeLessThan(drafts.length);
  });
});
