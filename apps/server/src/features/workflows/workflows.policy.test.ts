import { DEFAULT_RIGHTS, workflows } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { canFollowWorkflows, planWorkflowUpdate, UPDATE_MESSAGES, type WorkflowItems } from './workflows.policy.js';

type Data = workflows.WorkflowAction['data'];

const items: WorkflowItems = {
  steps: workflows.WORKFLOW_STEPS.map((label, index) => ({ id: index + 1, label })),
  subSteps: [
    { id: 100, parentId: 7, label: 'Tablettes' },
    { id: 101, parentId: 7, label: 'Comptes' },
  ],
};
const DEPLOYMENT = 7;
const QUOTE_SIGNED = 3;

const step = (itemId: number | null, statusId = 1, extra: Partial<Data> = {}) => ({
  action: 'insert' as const,
  data: { itemLabel: 'x', itemId, eventId: null, parentId: null, level: 1 as const, statusId, eventComment: null, ...extra },
});
const sub = (itemId: number | null, itemLabel: string, action: 'insert' | 'delete' = 'insert', extra: Partial<Data> = {}) => ({
  action,
  data: { itemLabel, itemId, eventId: null, parentId: DEPLOYMENT, level: 2 as const, statusId: 1, eventComment: null, ...extra },
});

describe('planWorkflowUpdate', () => {
  it.each([
    [
      'a step',
      [step(1, 1, { eventComment: ' ' })],
      [{ kind: 'set-step', itemId: 1, label: 'Liste des manuels', statusId: 1, comment: null }],
    ],
    [
      'a new sub-step (itemId 0), trimmed',
      [sub(0, ' Câbles ')],
      [{ kind: 'create-sub-step', parentId: 7, label: 'Câbles', statusId: 1, comment: null }],
    ],
    [
      'a rename',
      [sub(101, 'Comptes ENT')],
      [{ kind: 'update-sub-step', itemId: 101, parentId: 7, label: 'Comptes ENT', statusId: 1, comment: null }],
    ],
    ['a delete', [sub(100, 'Tablettes', 'delete')], [{ kind: 'delete-sub-step', itemId: 100, parentId: 7, label: 'Tablettes' }]],
    [
      'a swap of names',
      [sub(100, 'Comptes'), sub(101, 'Tablettes')],
      [expect.objectContaining({ label: 'Comptes' }), expect.objectContaining({ label: 'Tablettes' })],
    ],
    [
      'a delete freeing a name',
      [sub(100, 'Tablettes', 'delete'), sub(null, 'tablettes')],
      [expect.objectContaining({ kind: 'delete-sub-step' }), expect.objectContaining({ kind: 'create-sub-step' })],
    ],
  ])('accepts %s', (_name, actions, changes) => {
    expect(planWorkflowUpdate(actions, items)).toEqual({ ok: true, changes });
  });

  it.each([
    ['an unknown step', [step(99)], [UPDATE_MESSAGES.unknownStep('x')]],
    ['a step with no id', [step(null)], [UPDATE_MESSAGES.unknownStep('x')]],
    ['a sub-step sent as a step', [step(100)], [UPDATE_MESSAGES.levelMismatch('x')]],
    ['a bad status', [step(1, 0)], [UPDATE_MESSAGES.badStatus('Liste des manuels', 0)]],
    ['Devis signé', [step(QUOTE_SIGNED)], [UPDATE_MESSAGES.quoteSignedReadOnly]],
    ['a sub-step of Devis signé', [sub(null, 'A', 'insert', { parentId: QUOTE_SIGNED })], [UPDATE_MESSAGES.quoteSignedReadOnly]],
    ['a step deleted', [{ ...step(1), action: 'delete' as const }], [UPDATE_MESSAGES.stepDelete('Liste des manuels')]],
    [
      'a sub-step without a parent',
      [sub(100, 'Tablettes', 'insert', { parentId: null })],
      [UPDATE_MESSAGES.levelMismatch('Tablettes')],
    ],
    [
      'a sub-step under another parent',
      [sub(100, 'Tablettes', 'insert', { parentId: 8 })],
      [UPDATE_MESSAGES.levelMismatch('Tablettes')],
    ],
    ['an unknown sub-step', [sub(555, 'Ailleurs')], [UPDATE_MESSAGES.unknownSubStep('Ailleurs')]],
    ['deleting a sub-step never saved', [sub(null, 'Neuf', 'delete')], [UPDATE_MESSAGES.unknownSubStep('Neuf')]],
    ['an empty name, even to delete', [sub(100, ' ', 'delete')], [workflows.WORKFLOW_MESSAGES.emptySubStep]],
    ['a rename onto a sibling', [sub(100, 'COMPTES')], [workflows.WORKFLOW_MESSAGES.duplicateSubStep]],
    [
      'every reason at once, once each',
      [step(99), step(99), step(1, 7), sub(null, '')],
      [
        UPDATE_MESSAGES.unknownStep('x'),
        UPDATE_MESSAGES.badStatus('Liste des manuels', 7),
        workflows.WORKFLOW_MESSAGES.emptySubStep,
      ],
    ],
  ])('refuses %s', (_name, actions, errors) => {
    expect(planWorkflowUpdate(actions, items)).toEqual({ ok: false, errors });
  });
});

describe('canFollowWorkflows', () => {
  it.each([
    ['Administrateur', true],
    ['Gestionnaire', true],
    ['Administrateur établissement', true],
    ['Enseignant', false],
    ['Eleve', false],
  ] as const)('%s → %s', (profile, expected) => {
    expect(canFollowWorkflows(DEFAULT_RIGHTS[profile])).toBe(expected);
  });
});
