// A school's secrets: sealed at rest, said set or not, revealed one at a time and audited.
import { schools as schoolsContract, schoolSettings as contract } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '#platform/auth/secrets.js';
import { requestOf } from '#test/context.js';
import { buildSchool } from '#test/factories.js';
import {
  arrangeSchoolSettings,
  auditOf,
  home,
  paramsOf,
  read,
  reveal,
  send,
  storedSchool,
  t,
  update,
} from './school-settings.test-support.js';

beforeAll(arrangeSchoolSettings);
afterAll(() => t.close());

describe("a school's secrets", () => {
  const wifi = 'Wifi-Secret-4242';
  const apiKey = 'ed-api-key-9876';

  it('stores a secret sealed, says only that it is set, reveals it on demand, and removes it with an empty text', async () => {
    const uai = (await buildSchool(t.db, { deployment: { asmInformations: { locationId: 'L1' } } })).uai;
    const set = await update('admin', uai, {
      deployment: { depPassword: wifi, depSsid: 'CLG' },
      informations: { ecoleDirecteApiKey: apiKey },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().secrets).toEqual({ ecoleDirecteApiKey: true, depPassword: true, sftpPassword: false });

    const stored = (await storedSchool(uai)).deployment;
    for (const [name, clear] of [
      ['depPassword', wifi],
      ['ecoleDirecteApiKey', apiKey],
    ] as const) {
      expect(stored[name]).toMatch(/^v1:/);
      expect(decryptSecret(t.env.encryptionKey, String(stored[name]))).toBe(clear);
    }
    expect(stored.asmInformations).toEqual({ locationId: 'L1' });

    const revealed = await reveal('admin', uai, 'depPassword');
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json()).toEqual({ value: wifi });
    expect((await reveal('manager', home, 'ecoleDirecteApiKey')).json()).toEqual({ value: null });

    const answers = await Promise.all([
      send('admin', requestOf(schoolsContract.getSchool, { uai })),
      send('admin', requestOf(schoolsContract.listDeployments)),
      read('admin', uai),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(wifi);
      expect(answer.body).not.toContain(apiKey);
      expect(answer.body).not.toContain(String(stored.depPassword));
    }
    const entries = await auditOf(uai);
    expect(JSON.stringify(entries)).not.toContain(wifi);
    expect(JSON.stringify(entries)).not.toContain(apiKey);
    expect(JSON.stringify(entries)).not.toContain('v1:');
    expect(entries.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      {
        action: 'update_params',
        before: { deployment: { depSsid: '' } },
        after: { deployment: { depSsid: 'CLG' }, secretsChanged: ['ecoleDirecteApiKey', 'depPassword'] },
      },
      { action: 'reveal_secret', before: null, after: { secret: 'depPassword' } },
    ]);

    // The same value again changes nothing.
    expect((await update('admin', uai, { deployment: { depPassword: wifi } })).statusCode).toBe(200);
    expect(await auditOf(uai)).toHaveLength(2);

    const removed = await update('admin', uai, { deployment: { depPassword: '' }, informations: { ecoleDirecteApiKey: null } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().secrets).toEqual({ ecoleDirecteApiKey: false, depPassword: false, sftpPassword: false });
    expect((await storedSchool(uai)).deployment).toEqual({ asmInformations: { locationId: 'L1' }, depSsid: 'CLG' });
    expect((await reveal('admin', uai, 'depPassword')).json()).toEqual({ value: null });
    expect((await auditOf(uai)).at(-2)).toMatchObject({
      after: { secretsChanged: ['ecoleDirecteApiKey', 'depPassword'] },
    });
  });

  it('reveals the ASM server password kept with the ASM settings', async () => {
    const sealed = encryptSecret(t.env.encryptionKey, 'sftp-secret');
    const uai = (await buildSchool(t.db, { deployment: { asmInformations: { locationId: 'L1', sftpPassword: sealed } } })).uai;
    expect((await paramsOf(uai)).secrets.sftpPassword).toBe(true);
    expect((await reveal('admin', uai, 'sftpPassword')).json()).toEqual({ value: 'sftp-secret' });
  });

  it('answers a legacy clear secret as it is, and seals it at the next change', async () => {
    const uai = (await buildSchool(t.db, { deployment: { ecoleDirecteApiKey: 'demo-key' } })).uai;
    expect((await paramsOf(uai)).secrets.ecoleDirecteApiKey).toBe(true);
    expect((await reveal('admin', uai, 'ecoleDirecteApiKey')).json()).toEqual({ value: 'demo-key' });
    expect((await update('admin', uai, { informations: { adminDuration: 60 } })).statusCode).toBe(200);
    const stored = (await storedSchool(uai)).deployment;
    expect(stored.ecoleDirecteApiKey).toMatch(/^v1:/);
    expect(JSON.stringify(stored)).not.toContain('demo-key');
    expect((await reveal('admin', uai, 'ecoleDirecteApiKey')).json()).toEqual({ value: 'demo-key' });
  });

  it('refuses an unknown secret name with 400, and answers 401 without a session', async () => {
    expect((await reveal('admin', home, 'password')).statusCode).toBe(400);
    const request = { ...requestOf(contract.revealSchoolSecret, { uai: home }), payload: { name: 'depPassword' } };
    expect((await t.app.inject(request)).statusCode).toBe(401);
  });
});
