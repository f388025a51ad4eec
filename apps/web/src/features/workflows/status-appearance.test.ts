import { workflows } from '@console/contract';
import { describe, expect, it } from 'vitest';
import fr from '../../../public/locales/fr.json';
import { appearanceOf, gridSymbolOf, quoteSignedStatusOf } from './status-appearance';
import { SUB_STEP_PROBLEM_KEYS } from './workflow-messages';

describe('status appearance', () => {
  it.each([
    [1, 'done', 'green.8'],
    [0, 'doing', 'yellow.5'],
    [2, 'todo', 'gray.3'],
    [5, 'not_needed', 'dark.7'],
  ] as const)('status %i reads %s in %s', (status, key, fill) => {
    expect(appearanceOf(status)).toMatchObject({ key, fill });
  });

  it('says the labels of the contract in French', () => {
    for (const status of [0, 1, 2, 5] as const) {
      expect(fr.workflow.states[appearanceOf(status).key]).toBe(workflows.STATUS_LABELS[status]);
    }
  });

  it('says each sub-step naming problem in French as the server words it', () => {
    for (const [problem, key] of Object.entries(SUB_STEP_PROBLEM_KEYS)) {
      const french = key.split('.').reduce<unknown>((tree, part) => (tree as Record<string, unknown>)[part], fr);
      expect(french).toBe(workflows.WORKFLOW_MESSAGES[problem as workflows.SubStepProblem]);
    }
    expect(fr.workflow.messages.updated).toBe(workflows.WORKFLOW_MESSAGES.updated);
  });
});

describe('Devis signé from the quote status', () => {
  it.each([
    ['signed', 2, 1],
    ['pending', 2, 0],
    ['none', 1, 2],
    ['refused', 1, 2],
    ['none', 5, 5],
    [undefined, 1, 1],
  ] as const)('quote %s over stored %i shows %i', (quote, stored, expected) => {
    expect(quoteSignedStatusOf(quote, stored)).toBe(expected);
  });
});

describe('grid symbols', () => {
  it.each([
    ['Déploiement', 1, 'done'],
    ['Déploiement', 0, 'second'],
    ['Déploiement', 2, 'second'],
    ['Déploiement', 5, 'not_needed'],
    ['Devis signé', 2, 'quote_pending'],
    ['Devis signé', 0, 'quote_pending'],
    ['Devis signé', 1, 'done'],
  ] as const)('%s at %i is %s', (step, status, symbol) => {
    expect(gridSymbolOf(step, status)).toBe(symbol);
  });
});
