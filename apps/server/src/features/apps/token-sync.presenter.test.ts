import { describe, expect, it } from 'vitest';
import { countTokenStatuses, readSyncTarget } from './apps.policy.js';
import { presentSyncOutcome, type SyncOutcome } from './token-sync.presenter.js';

describe('presentSyncOutcome', () => {
  it.each<[SyncOutcome, 'edulib' | 'le-livre-scolaire', { ok: boolean; Commentaire: string }]>([
    [
      { kind: 'done', checked: 412, errors: 5, schools: 3 },
      'edulib',
      { ok: true, Commentaire: '412 jetons vérifiés dans 3 établissements, 5 en erreur.' },
    ],
    [
      { kind: 'done', checked: 1, errors: 0, schools: 1 },
      'edulib',
      { ok: true, Commentaire: '1 jeton vérifié dans 1 établissement, 0 en erreur.' },
    ],
    [
      { kind: 'done', checked: 12_345, errors: 1_002, schools: 2 },
      'le-livre-scolaire',
      { ok: true, Commentaire: '12\u202f345 jetons vérifiés dans 2 établissements, 1\u202f002 en erreur.' },
    ],
    [
      { kind: 'not_configured' },
      'edulib',
      { ok: false, Commentaire: "La synchronisation Edulib n'est pas configurée sur ce serveur." },
    ],
    [
      { kind: 'not_configured' },
      'le-livre-scolaire',
      { ok: false, Commentaire: "La synchronisation Le Livre Scolaire n'est pas configurée sur ce serveur." },
    ],
    [
      { kind: 'no_application' },
      'edulib',
      { ok: false, Commentaire: "Aucune application Edulib n'est enregistrée dans le catalogue." },
    ],
    [{ kind: 'nothing_to_check' }, 'edulib', { ok: true, Commentaire: 'Aucun accès Edulib actif à vérifier.' }],
    [
      { kind: 'failed', reason: 'unreachable', checked: 0, schools: 0 },
      'edulib',
      { ok: false, Commentaire: "Edulib n'a pas répondu. Aucun jeton n'a été enregistré." },
    ],
    [
      { kind: 'failed', reason: 'timeout', checked: 0, schools: 0 },
      'le-livre-scolaire',
      { ok: false, Commentaire: "Le Livre Scolaire n'a pas répondu à temps. Aucun jeton n'a été enregistré." },
    ],
    [
      { kind: 'failed', reason: 'rejected_key', checked: 0, schools: 0 },
      'edulib',
      { ok: false, Commentaire: "Edulib a refusé la clé d'accès de ce serveur. Aucun jeton n'a été enregistré." },
    ],
    [
      { kind: 'failed', reason: 'http_error', checked: 30, schools: 2 },
      'edulib',
      {
        ok: false,
        Commentaire:
          "Edulib n'a pas répondu. 30 jetons vérifiés dans 2 établissements avant l'interruption ; les autres établissements n'ont pas été modifiés.",
      },
    ],
    [
      { kind: 'interrupted', checked: 412, schools: 1 },
      'edulib',
      {
        ok: false,
        Commentaire:
          "La base de données est devenue injoignable. 412 jetons vérifiés dans 1 établissement avant l'interruption ; les autres établissements n'ont pas été modifiés.",
      },
    ],
    [
      { kind: 'failed', reason: 'bad_answer', checked: 0, schools: 0 },
      'edulib',
      { ok: false, Commentaire: "Edulib a envoyé une réponse illisible. Aucun jeton n'a été enregistré." },
    ],
  ])('presents %j for %s', (outcome, publisher, expected) => {
    expect(presentSyncOutcome(publisher, outcome)).toEqual(expected);
  });
});

describe('apps policy', () => {
  it.each([
    ['all', { kind: 'all' }],
    ['ALL', { kind: 'all' }],
    ['0693284x', { kind: 'school', uai: '0693284X' }],
  ])('reads the target %s', (target, expected) => {
    expect(readSyncTarget(target)).toEqual(expected);
  });

  it('counts valid, invalid and unchecked accesses', () => {
    expect(countTokenStatuses(['OK', null, 'Licence expirée', 'OK', '', null], 'OK')).toEqual({
      valid: 2,
      invalid: 2,
      unchecked: 2,
    });
  });
});
