import { describe, expect, it } from 'vitest';
import { BROWSER_USER_AGENT, buildAdminRequest, failureOfCode, parseEnvelope } from './admin-protocol.js';

describe('buildAdminRequest', () => {
  it('posts verbe=get with an empty filterSearch under /v3/admin/, whatever the base URL’s trailing slash', () => {
    for (const base of ['https://api.ecoledirecte.com', 'https://api.ecoledirecte.com//']) {
      expect(buildAdminRequest(base, 'utilisateurs/eleves', 't', {}).url).toBe(
        'https://api.ecoledirecte.com/v3/admin/utilisateurs/eleves.awp?verbe=get&filterSearch=',
      );
    }
  });

  it('carries the token in the x-token header and first in the data JSON, beside the fields', () => {
    const request = buildAdminRequest('https://api.example', 'utilisateurs/professeurs', 'tok&en=+ é', {
      rne: '0770934X',
      anneeScolaire: '2026-2027',
    });
    expect(request.headers).toEqual({
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json, text/plain, */*',
      'user-agent': BROWSER_USER_AGENT,
      'x-token': 'tok&en=+ é',
    });
    expect(request.body.startsWith('data=%7B%22token%22')).toBe(true);
    const form = new URLSearchParams(request.body);
    expect([...form.keys()]).toEqual(['data']);
    expect(form.get('data')).toBe('{"token":"tok&en=+ é","rne":"0770934X","anneeScolaire":"2026-2027"}');
  });

  it('names a browser as the agent', () => {
    expect(BROWSER_USER_AGENT).toMatch(/^Mozilla\/5\.0 /);
  });
});

describe('parseEnvelope', () => {
  it.each([
    [
      { code: 200, token: 'next', message: '', data: { a: 1 } },
      { code: 200, token: 'next', data: { a: 1 } },
    ],
    [
      { code: '520', token: '', message: 'Token invalide' },
      { code: 520, token: null, data: undefined },
    ],
    [
      { code: 200, data: [] },
      { code: 200, token: null, data: [] },
    ],
  ])('reads %j', (body, expected) => {
    expect(parseEnvelope(body)).toEqual(expected);
  });

  it.each([null, 'text', [], {}, { code: 'ok' }, { code: 2.5 }, { code: 200, token: 12 }])('refuses %j', (body) => {
    expect(parseEnvelope(body)).toBeUndefined();
  });
});

describe('failureOfCode', () => {
  it.each([
    [200, null],
    [520, 'invalid_token'],
    [525, 'invalid_token'],
    [403, 'invalid_token'],
    [535, 'school_unavailable'],
    [505, 'unavailable'],
    [517, 'unavailable'],
    [40129, 'unavailable'],
    [0, 'unavailable'],
  ])('code %i → %s', (code, failure) => {
    expect(failureOfCode(code)).toBe(failure);
  });
});
