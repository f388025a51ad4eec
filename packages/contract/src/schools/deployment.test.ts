import { describe, expect, it } from 'vitest';
import { deploymentWithoutSecrets } from './deployment.js';

describe('a deployment as a read answers it', () => {
  it('replaces each secret by whether it is set, and keeps the rest', () => {
    expect(
      deploymentWithoutSecrets({
        mdm: 2,
        ecoleDirecteApiKey: 'key',
        depSsid: 'Wifi',
        depPassword: '  ',
        asmInformations: { locationId: 'L1', sftpUser: 'asm', sftpPassword: 'secret', history: [] },
      }),
    ).toEqual({
      mdm: 2,
      depSsid: 'Wifi',
      hasEcoleDirecteApiKey: true,
      hasDepPassword: false,
      asmInformations: { locationId: 'L1', sftpUser: 'asm', hasSftpPassword: true, history: [] },
    });
  });

  it('tells an empty deployment has no secret', () => {
    expect(deploymentWithoutSecrets({})).toEqual({ hasEcoleDirecteApiKey: false, hasDepPassword: false });
  });
});
