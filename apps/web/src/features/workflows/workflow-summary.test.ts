import { describe, expect, it } from 'vitest';
import { buildWorkflow } from './test-fixtures';
import { isSameSummary, summariseWorkflow } from './workflow-summary';

describe('grid row from a workflow', () => {
  it('gives each step its displayed status and the latest change with its author', () => {
    const workflow = buildWorkflow({
      'Liste des manuels': { statusId: 1, modifiedDate: '2025-11-20T09:30:00.000Z', modifiedBy: 'Julien Perrin' },
      'Devis envoyé': {
        subLevels: [{ statusId: 1, modifiedDate: '2025-11-21T08:00:00.000Z', modifiedBy: 'Nadia Benali' }, { statusId: 2 }],
      },
      Sources: { statusId: 5 },
    });
    const row = summariseWorkflow('0693284A', 'Collège Jean Moulin', workflow.data);
    expect(row).toMatchObject({
      uai: '0693284A',
      name: 'Collège Jean Moulin',
      lastUpdate: '2025-11-21T08:00:00.000Z',
      by: 'Nadia Benali',
    });
    expect(row.steps).toMatchObject({ 'Liste des manuels': 1, 'Devis envoyé': 0, Sources: 5, Facturation: 2 });
    expect(isSameSummary(row, summariseWorkflow('0693284A', 'Collège Jean Moulin', workflow.data))).toBe(true);
    expect(isSameSummary(row, { ...row, steps: { ...row.steps, Sources: 2 } })).toBe(false);
  });
});
