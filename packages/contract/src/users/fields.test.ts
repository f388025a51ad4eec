import { describe, expect, it } from 'vitest';
import { CREDENTIAL_NAMES, credentialsOf, toWireCredentials } from './fields.js';
import { newUserApplicationSchema } from './add-user.js';
import { applicationPatchSchema, userPageApplicationUpdateSchema } from './user-page.js';

describe('application credentials, one shape under each call’s names', () => {
  it('reads each call’s names into login, password and code, and writes them back', () => {
    expect(credentialsOf({ loginPlateforme: 'l', passwordPlateforme: null, keys: 'K' }, CREDENTIAL_NAMES.grid)).toEqual({
      login: 'l',
      password: null,
      keys: 'K',
    });
    expect(credentialsOf({ login: 'l', codes: 'K' }, CREDENTIAL_NAMES.newUser)).toEqual({
      login: 'l',
      password: undefined,
      keys: 'K',
    });
    expect(toWireCredentials({ login: 'l', keys: null }, CREDENTIAL_NAMES.userPage)).toEqual({ platformLogin: 'l', keys: null });
  });

  it('applies the same rules whatever the names: trimmed, blank is null, login ≤ 200, code ≤ 500', () => {
    const long = (length: number) => 'x'.repeat(length);
    const grid = (credentials: object) =>
      applicationPatchSchema.safeParse({ informations: { idApplication: 1, status: 1, ...credentials } });
    const newUser = (credentials: object) =>
      newUserApplicationSchema.safeParse({ platformId: 'KNE', idApplication: 1, ...credentials });
    const page = (credentials: object) =>
      userPageApplicationUpdateSchema.safeParse({ applicationId: 1, status: 1, ...credentials });
    for (const [parse, names] of [
      [grid, CREDENTIAL_NAMES.grid],
      [newUser, CREDENTIAL_NAMES.newUser],
      [page, CREDENTIAL_NAMES.userPage],
    ] as const) {
      expect(parse(toWireCredentials({ login: long(200), keys: long(500) }, names)).success).toBe(true);
      expect(parse(toWireCredentials({ login: long(201) }, names)).success).toBe(false);
      expect(parse(toWireCredentials({ password: long(201) }, names)).success).toBe(false);
      expect(parse(toWireCredentials({ keys: long(501) }, names)).success).toBe(false);
    }
    const parsed = grid({ loginPlateforme: '  ', keys: ' K ' });
    expect(parsed.success && parsed.data.informations).toMatchObject({ loginPlateforme: null, keys: 'K' });
  });
});
