import { describe, expect, it } from 'vitest';
import { proposalsUrl, statusOfProposals } from './dolibarr-quotes.js';

describe('Dolibarr proposal status → quote status', () => {
  it.each([
    ['no proposal (empty list)', [], 'none'],
    ['draft', [{ statut: '0', status: '0' }], 'pending'],
    ['validated (open)', [{ statut: '1' }], 'pending'],
    ['signed', [{ statut: '2', status: '2' }], 'signed'],
    ['not signed', [{ statut: 3 }], 'refused'],
    ['billed', [{ status: 4 }], 'signed'],
    ['newest first: only the first counts', [{ statut: '3' }, { statut: '2' }], 'refused'],
    ['unknown status', [{ statut: '-1' }], undefined],
    ['no status field', [{ ref: 'PR1' }], undefined],
    ['not a list', { error: { code: 404 } }, undefined],
  ])('%s', (_name, body, expected) => expect(statusOfProposals(body)).toBe(expected));
});

describe('proposals request', () => {
  it("filters on the customer reference, newest first, one result, whatever the base URL's trailing slash", () => {
    const url = new URL(proposalsUrl('https://erp.example.fr/', '0693284X'));
    expect(url.origin + url.pathname).toBe('https://erp.example.fr/api/index.php/proposals');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sqlfilters: "(t.ref_client:=:'0693284X')",
      sortfield: 't.rowid',
      sortorder: 'DESC',
      limit: '1',
    });
    expect(new URL(proposalsUrl('https://erp.example.fr/dolibarr', "A'B")).searchParams.get('sqlfilters')).toBe(
      "(t.ref_client:=:'A''B')",
    );
  });
});
