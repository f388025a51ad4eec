/** The 13 ordered steps of a school's deployment (spec 1 §2, global monitoring grid). */
export const WORKFLOW_STEPS = [
  'Liste des manuels',
  'Devis envoyé',
  'Devis signé',
  'Commandes fournisseurs',
  'Liste élèves reçue',
  'Liste profs reçue',
  'Déploiement',
  'Back-office élèves',
  'Back-office profs',
  'PDF envoyé',
  'Sources',
  'Formation/Copil',
  'Facturation',
] as const;

export type WorkflowStepName = (typeof WORKFLOW_STEPS)[number];

/** Read-only: derived from the quote status, no toggle, no sub-step, no comment. */
export const QUOTE_SIGNED_STEP: WorkflowStepName = 'Devis signé';
/** Its sub-steps are deleted by a reset. */
export const QUOTE_SENT_STEP: WorkflowStepName = 'Devis envoyé';

/** Stored status ids (spec 1 §4): 1 done, 2 to do, 5 not needed. 0 (in progress) is only displayed. */
export const STATUS_IDS = { done: 1, todo: 2, notNeeded: 5, inProgress: 0 } as const;
export type StoredStatusId = 1 | 2 | 5;

export const STATUS_LIST = [
  { statusId: 1, statusLabel: 'Complété' },
  { statusId: 2, statusLabel: 'Non commencé' },
  { statusId: 5, statusLabel: 'Non nécessaire' },
] as const;

/** The spec's texts (spec 1 §5, §8): the server sends the naming ones as they are in data.errors. */
export const WORKFLOW_MESSAGES = {
  updated: 'Le workflow a bien été mis à jour.',
  emptySubStep: 'Vous ne pouvez pas avoir de sous-étape sans nom.',
  duplicateSubStep: 'Une sous-étape existe avec le même nom.',
} as const;

/**
 * What blocks a sub-step edit (spec 1 §5), as a code: the server words it with WORKFLOW_MESSAGES
 * in data.errors, the browser translates it.
 */
export type SubStepProblem = 'emptySubStep' | 'duplicateSubStep';
