import { describe, expect, it } from 'vitest';
import {
  buildResetActions,
  buildSaveActions,
  checkCanAddSubStep,
  checkCanRemoveSubStep,
  checkSubStepNames,
  computeDisplayedStatus,
  computeStateOnEdit,
  normaliseStatusId,
  toStepState,
  type StepEdit,
} from './rules.js';
import type { WorkflowStep } from './schemas.js';

const sub = (statusId: 1 | 2 | 5, itemId = 100, itemLabel = `s${itemId}`) => ({
  itemId,
  itemLabel,
  level: 2 as const,
  parentId: 1,
  orderInLevel: 1,
  eventId: itemId + 1000,
  statusId,
  modifiedDate: null,
  modifiedBy: null,
});

function stepOf(
  itemLabel: string,
  statusId: 1 | 2 | 5,
  subLevels = [] as ReturnType<typeof sub>[],
  eventComment: string | null = null,
): WorkflowStep {
  return {
    itemId: 1,
    itemLabel,
    level: 1,
    parentId: null,
    orderInLevel: 1,
    eventId: 10,
    statusId,
    itemStatus: computeDisplayedStatus({ statusId, subLevels }),
    eventComment,
    modifiedDate: null,
    modifiedBy: null,
    subLevels,
  };
}

describe('status mapping and display', () => {
  it.each([
    [1, 1],
    [5, 5],
    [2, 2],
    [0, 2],
    [3, 2],
    [99, 2],
  ])('stored %i reads as %i', (stored, expected) => expect(normaliseStatusId(stored)).toBe(expected));

  it.each([
    ['no sub-step, done', 1, [], 1],
    ['no sub-step, to do', 2, [], 2],
    ['not needed wins over sub-steps', 5, [sub(1)], 5],
    ['all sub-steps done', 2, [sub(1, 1), sub(1, 2)], 1],
    ['some sub-steps done', 2, [sub(1, 1), sub(2, 2)], 0],
    ['no sub-step done', 1, [sub(2, 1), sub(2, 2)], 2],
  ] as const)('%s', (_name, statusId, subLevels, expected) => {
    expect(computeDisplayedStatus({ statusId, subLevels: [...subLevels] })).toBe(expected);
  });

  it.each([
    [0, 'DOING'],
    [1, 'DONE'],
    [2, 'TODO'],
    [5, 'NOT_NEEDED'],
  ] as const)('%i is %s', (status, state) => expect(toStepState(status)).toBe(state));
});

describe('state on edit', () => {
  const draft = (isDone: boolean) => ({ itemId: 1, eventId: 1, value: 'x', isDone });
  it.each([
    ['not needed', { isNotNeeded: true, isCompleted: true, subSteps: [draft(true)] }, 'NOT_NEEDED'],
    ['sub-steps all done', { isNotNeeded: false, isCompleted: false, subSteps: [draft(true), draft(true)] }, 'DONE'],
    ['sub-steps not all done', { isNotNeeded: false, isCompleted: true, subSteps: [draft(true), draft(false)] }, 'TODO'],
    ['no sub-step, completed', { isNotNeeded: false, isCompleted: true, subSteps: [] }, 'DONE'],
    ['no sub-step, not completed', { isNotNeeded: false, isCompleted: false, subSteps: [] }, 'TODO'],
  ] as const)('%s → %s', (_name, edit, expected) => {
    expect(computeStateOnEdit({ ...edit, subSteps: [...edit.subSteps] })).toBe(expected);
  });
});

describe('sub-step names', () => {
  it.each([
    [[{ value: 'A' }, { value: 'B' }], null],
    [[{ value: 'A' }, { value: '  ' }], 'emptySubStep'],
    [[{ value: 'Appel' }, { value: 'appel ' }], 'duplicateSubStep'],
  ])('%j → %s', (subSteps, expected) => expect(checkSubStepNames(subSteps)).toBe(expected));

  it('warns of a duplicate when adding while one is empty', () => {
    expect(checkCanAddSubStep([{ value: 'A' }, { value: '' }])).toBe('duplicateSubStep');
    expect(checkCanAddSubStep([{ value: 'A' }])).toBeNull();
  });

  it('warns of an empty name when deleting while another is empty', () => {
    expect(checkCanRemoveSubStep([{ value: 'A' }, { value: ' ' }])).toBe('emptySubStep');
    expect(checkCanRemoveSubStep([{ value: 'A' }])).toBeNull();
  });
});

describe('save actions', () => {
  const step = { itemId: 3, eventId: 30, itemLabel: 'Déploiement' };
  const edit = (overrides: Partial<StepEdit>): StepEdit => ({
    isNotNeeded: false,
    isCompleted: false,
    comment: '',
    subSteps: [],
    deletedSubSteps: [],
    ...overrides,
  });

  it('sends the step with its state and comment, sub-steps as inserts', () => {
    const actions = buildSaveActions(
      step,
      edit({ comment: 'Fait', subSteps: [{ itemId: null, eventId: null, value: ' Tablettes ', isDone: true }] }),
    );
    expect(actions).toEqual([
      {
        action: 'insert',
        data: { itemLabel: 'Déploiement', itemId: 3, eventId: 30, parentId: null, level: 1, statusId: 1, eventComment: 'Fait' },
      },
      {
        action: 'insert',
        data: { itemLabel: 'Tablettes', itemId: null, eventId: null, parentId: 3, level: 2, statusId: 1, eventComment: null },
      },
    ]);
  });

  it('sends the sub-steps as deletes when the step is not needed, and removed ones as deletes', () => {
    const actions = buildSaveActions(
      step,
      edit({
        isNotNeeded: true,
        subSteps: [
          { itemId: 7, eventId: 70, value: 'A', isDone: false },
          { itemId: null, eventId: null, value: 'new', isDone: false },
        ],
        deletedSubSteps: [{ itemId: 8, eventId: 80, value: 'B', isDone: true }],
      }),
    );
    expect(actions.map((action) => [action.action, action.data.level, action.data.itemId, action.data.statusId])).toEqual([
      ['insert', 1, 3, 5],
      ['delete', 2, 7, 2],
      ['delete', 2, 8, 1],
    ]);
  });

  it('refuses to save Devis signé', () => {
    expect(() => buildSaveActions({ ...step, itemLabel: 'Devis signé' }, edit({}))).toThrow('read-only');
  });
});

describe('reset actions', () => {
  it('keeps not-needed, unticks done steps and sub-steps, keeps comments, skips Devis signé, deletes Devis envoyé sub-steps', () => {
    const steps = [
      { ...stepOf('Liste des manuels', 1, [], 'note'), itemId: 1 },
      { ...stepOf('Devis envoyé', 2, [sub(1, 21), sub(2, 22)]), itemId: 2 },
      { ...stepOf('Devis signé', 1), itemId: 3 },
      { ...stepOf('Commandes fournisseurs', 5, [sub(1, 41)]), itemId: 4 },
      { ...stepOf('Déploiement', 2, [sub(1, 71)]), itemId: 7 },
    ];
    const summary = buildResetActions(steps).map((action) =>
      `${action.action} L${action.data.level} #${action.data.itemId} s${action.data.statusId} ${action.data.eventComment ?? ''}`.trim(),
    );
    expect(summary).toEqual([
      'insert L1 #1 s2 note',
      'insert L1 #2 s2',
      'delete L2 #21 s2',
      'delete L2 #22 s2',
      'insert L1 #4 s5',
      'insert L2 #41 s2',
      'insert L1 #7 s2',
      'insert L2 #71 s2',
    ]);
  });
});
