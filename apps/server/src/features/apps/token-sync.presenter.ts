import { apps } from '@console/contract';
import type { PublisherFailure } from '#adapters/publishers/index.js';

/** What a synchronisation came to; the presenter turns it into the Commentaire the toast shows. */
export type SyncOutcome =
  | { kind: 'not_configured' }
  | { kind: 'no_application' }
  | { kind: 'nothing_to_check' }
  | { kind: 'done'; checked: number; errors: number; schools: number }
  /** The publisher failed at some school; the schools before it were written, none after. */
  | { kind: 'failed'; reason: PublisherFailure; checked: number; schools: number }
  /** The database went away after some schools were written: those stay, the others were not touched. */
  | { kind: 'interrupted'; checked: number; schools: number };

const numberFormat = new Intl.NumberFormat('fr-FR');

/** "1 jeton vérifié", "412 jetons vérifiés": French takes the singular for 0 and 1. */
function counted(count: number, singular: string, plural: string): string {
  return `${numberFormat.format(count)} ${count > 1 ? plural : singular}`;
}

function progress(checked: number, schools: number): string {
  return `${counted(checked, 'jeton vérifié', 'jetons vérifiés')} dans ${counted(schools, 'établissement', 'établissements')}`;
}

const FAILURES: Record<PublisherFailure, (label: string) => string> = {
  unreachable: (label) => `${label} n'a pas répondu.`,
  timeout: (label) => `${label} n'a pas répondu à temps.`,
  http_error: (label) => `${label} n'a pas répondu.`,
  rejected_key: (label) => `${label} a refusé la clé d'accès de ce serveur.`,
  bad_answer: (label) => `${label} a envoyé une réponse illisible.`,
};

/** The answer of POST /apps/{publisher}/update/{target}: a French sentence, and whether it went well. */
export function presentSyncOutcome(publisher: apps.Publisher, outcome: SyncOutcome): apps.SyncTokensAnswer {
  const label = apps.PUBLISHER_LABELS[publisher];
  switch (outcome.kind) {
    case 'not_configured':
      return { ok: false, Commentaire: `La synchronisation ${label} n'est pas configurée sur ce serveur.` };
    case 'no_application':
      return { ok: false, Commentaire: `Aucune application ${label} n'est enregistrée dans le catalogue.` };
    case 'nothing_to_check':
      return { ok: true, Commentaire: `Aucun accès ${label} actif à vérifier.` };
    case 'done':
      return {
        ok: true,
        Commentaire: `${progress(outcome.checked, outcome.schools)}, ${numberFormat.format(outcome.errors)} en erreur.`,
      };
    case 'interrupted':
      return {
        ok: false,
        Commentaire: `La base de données est devenue injoignable. ${progress(outcome.checked, outcome.schools)} avant l'interruption ; les autres établissements n'ont pas été modifiés.`,
      };
    case 'failed': {
      const what = FAILURES[outcome.reason](label);
      const written =
        outcome.schools === 0
          ? "Aucun jeton n'a été enregistré."
          : `${progress(outcome.checked, outcome.schools)} avant l'interruption ; les autres établissements n'ont pas été modifiés.`;
      return { ok: false, Commentaire: `${what} ${written}` };
    }
  }
}
