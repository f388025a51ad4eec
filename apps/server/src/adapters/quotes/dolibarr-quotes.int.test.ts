import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDolibarr, type FakeDolibarr } from '#test/fakes/dolibarr.js';
import { createDolibarrQuoteSource } from './dolibarr-quotes.js';

let fake: FakeDolibarr;
const warnings: unknown[] = [];
const log = { warn: (details: unknown) => void warnings.push(details) };

beforeAll(async () => {
  fake = await startFakeDolibarr({ slowMs: 6_000 });
  fake.addProposal('0690001A', 1);
  fake.addProposal('0690002B', 1);
  fake.addProposal('0690002B', 2);
  fake.addProposal('0690003C', 3);
  fake.addProposal('0690004D', 4);
});
afterAll(() => fake.close());

const source = (apiKey = fake.apiKey, timeoutMs = 1_000) =>
  createDolibarrQuoteSource({ baseUrl: fake.url, apiKey, timeoutMs, log });

describe('Dolibarr quote source against the fake', () => {
  it.each([
    ['0690001A', 'pending'],
    ['0690002B', 'signed'],
    ['0690003C', 'refused'],
    ['0690004D', 'signed'],
    ['0690009Z', 'none'],
  ])('reads %s as %s', async (uai, expected) => {
    expect(await source().getStatus(uai)).toBe(expected);
  });

  it('sends the documented query with the DOLAPIKEY header', async () => {
    await source().getStatus('0690002B');
    expect(new URLSearchParams(fake.requests.at(-1)).get('sqlfilters')).toBe("(t.ref_client:=:'0690002B')");
  });

  it.each<[string, () => void, string]>([
    ['a wrong key', () => fake.setMode('ok'), 'HTTP 401'],
    ['Dolibarr failing', () => fake.setMode('down'), 'HTTP 500'],
    ['Dolibarr slow', () => fake.setMode('slow'), 'timeout'],
  ])('shows %s as pending, logged, without throwing', async (name, arrange, reason) => {
    arrange();
    warnings.length = 0;
    const started = performance.now();
    const status = await source(name === 'a wrong key' ? 'wrong' : fake.apiKey, 1_000).getStatus('0690002B');
    expect(status).toBe('pending');
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(warnings).toEqual([{ uai: '0690002B', reason }]);
    fake.setMode('ok');
  });

  it('shows an unreachable Dolibarr as pending', async () => {
    const down = createDolibarrQuoteSource({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', timeoutMs: 500, log });
    expect(await down.getStatus('0690002B')).toBe('pending');
  });
});
