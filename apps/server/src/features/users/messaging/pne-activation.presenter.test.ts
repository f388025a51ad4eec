import { describe, expect, it } from 'vitest';
import { presentPneRejections, type PneOutcome } from './pne-activation.presenter.js';
import { splitEducadhocKeys } from './pne-activation.service.js';

const account = { username: 'paul.durand', password: 'secret', keys: ['K-1', 'K-2'] };

describe('presentPneRejections', () => {
  it.each<[string, PneOutcome, ReturnType<typeof presentPneRejections>]>([
    [
      'every key activated: nothing',
      {
        account,
        result: {
          username: 'paul.durand',
          accepted: true,
          message: null,
          keys: [
            { key: 'K-1', activated: true, error: null },
            { key: 'K-2', activated: true, error: null },
          ],
        },
      },
      [],
    ],
    [
      'one key refused: that key',
      {
        account,
        result: {
          username: 'paul.durand',
          accepted: false,
          message: '1 clé refusée',
          keys: [
            { key: 'K-1', activated: true, error: null },
            { key: 'K-2', activated: false, error: 'Clé expirée' },
          ],
        },
      },
      [{ username: 'paul.durand', message: '1 clé refusée', keys: [{ key: 'K-2', error: 'Clé expirée' }] }],
    ],
    [
      'a key refused in an accepted account: a count as message',
      {
        account,
        result: {
          username: 'paul.durand',
          accepted: true,
          message: null,
          keys: [{ key: 'K-1', activated: false, error: 'Clé inconnue' }],
        },
      },
      [
        {
          username: 'paul.durand',
          message: '',
          problem: 'keys_rejected',
          counts: { rejected: 1, total: 2 },
          keys: [{ key: 'K-1', error: 'Clé inconnue' }],
        },
      ],
    ],
    [
      'the account refused without key details: every key with its reason',
      { account, result: { username: 'paul.durand', accepted: false, message: 'Identifiants invalides', keys: [] } },
      [
        {
          username: 'paul.durand',
          message: 'Identifiants invalides',
          keys: [
            { key: 'K-1', error: 'Identifiants invalides' },
            { key: 'K-2', error: 'Identifiants invalides' },
          ],
        },
      ],
    ],
    [
      'the account left out of the answer',
      { account, result: undefined },
      [
        {
          username: 'paul.durand',
          message: '',
          problem: 'no_answer',
          keys: [
            { key: 'K-1', error: '', problem: 'no_answer' },
            { key: 'K-2', error: '', problem: 'no_answer' },
          ],
        },
      ],
    ],
  ])('%s', (_case, outcome, expected) => {
    expect(presentPneRejections([outcome])).toEqual(expected);
    expect(JSON.stringify(presentPneRejections([outcome]))).not.toContain('secret');
  });
});

describe('splitEducadhocKeys', () => {
  it.each<[string | null, string[]]>([
    ['EDU-1', ['EDU-1']],
    ['EDU-1,EDU-2', ['EDU-1', 'EDU-2']],
    ['EDU-1; EDU-2 ,EDU-3', ['EDU-1', 'EDU-2', 'EDU-3']],
    ['EDU-1 EDU-2\tEDU-3', ['EDU-1', 'EDU-2', 'EDU-3']],
    [' ,; ', []],
    [null, []],
  ])('%j → %j', (code, expected) => {
    expect(splitEducadhocKeys(code)).toEqual(expected);
  });
});
