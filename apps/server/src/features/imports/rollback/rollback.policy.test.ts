import { DEFAULT_RIGHTS, imports, type RightsMap } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { canRollBack, rollbackRefusalOf, rollbackUntilOf, type RollbackCandidate } from './rollback.policy.js';

const DAY = 24 * 60 * 60 * 1000;
const appliedAt = new Date('2026-03-02T10:00:00.000Z');
const at = (days: number, extraMs = 0) => new Date(appliedAt.getTime() + days * DAY + extraMs);
const batch = (values: Partial<RollbackCandidate> = {}): RollbackCandidate => ({
  status: 'applied',
  mode: 'users_initial',
  createdById: 1,
  decidedAt: appliedAt,
  ...values,
});

describe('the rollback window', () => {
  it(`ends ${imports.ROLLBACK_DAYS} days after the application, for an applied import only`, () => {
    expect(rollbackUntilOf(batch())).toEqual(at(imports.ROLLBACK_DAYS));
    for (const status of ['verified', 'cancelled', 'rolled_back']) expect(rollbackUntilOf(batch({ status })), status).toBeNull();
    expect(rollbackUntilOf(batch({ decidedAt: null }))).toBeNull();
  });

  it.each([
    ['applied, just now', batch(), at(0), null],
    ['applied, at the last millisecond', batch(), at(imports.ROLLBACK_DAYS), null],
    ['applied, a millisecond too late', batch(), at(imports.ROLLBACK_DAYS, 1), 'import_rollback_expired'],
    ['applied, a month ago', batch(), at(30), 'import_rollback_expired'],
    ['only verified', batch({ status: 'verified', decidedAt: null }), at(0), 'import_not_applied'],
    ['cancelled', batch({ status: 'cancelled' }), at(0), 'import_not_applied'],
    ['rolled back already', batch({ status: 'rolled_back' }), at(0), 'import_not_applied'],
  ] as const)('%s: %s', (_name, candidate, now, refusal) => {
    expect(rollbackRefusalOf(candidate, now)).toBe(refusal);
  });
});

describe('who may roll an import back', () => {
  const author = (rights: RightsMap) => ({ id: 1, rights });
  const manager = DEFAULT_RIGHTS.Gestionnaire;
  const direction = DEFAULT_RIGHTS['Administrateur établissement'];
  const readOnly: RightsMap = { ...direction, ImportModal: { Lecture: 1, Ecriture: 0 } };

  it.each([
    ['its author, within the window', author(direction), batch(), true],
    ['another caller', { id: 2, rights: direction }, batch(), false],
    ['an import whose author is gone', author(direction), batch({ createdById: null }), false],
    ['its author, past the window', author(direction), batch({ decidedAt: at(-8) }), false],
    ['its author, once rolled back', author(direction), batch({ status: 'rolled_back' }), false],
    ['its author without the import right at Ecriture', author(readOnly), batch(), false],
    ['the author of a teaching import, without adminTabs', author(direction), batch({ mode: 'teaching' }), false],
    ['the author of a teaching import, with adminTabs', author(manager), batch({ mode: 'teaching' }), true],
  ] as const)('%s: %s', (_name, actor, candidate, allowed) => {
    expect(canRollBack(actor, candidate, at(1))).toBe(allowed);
  });
});
