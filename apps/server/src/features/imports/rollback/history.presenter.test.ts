import { DEFAULT_RIGHTS } from '@console/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { confirmProgress } from '../confirm/confirm-progress.js';
import { presentHistoryEntry } from './history.presenter.js';
import type { HistoryRow } from './history.repository.js';

const row = (values: Partial<HistoryRow> = {}): HistoryRow => ({
  id: 41,
  uai: '0750001A',
  mode: 'users_initial',
  status: 'verified',
  createdById: 1,
  createdBy: 'Inès Fabre',
  createdAt: new Date('2026-11-26T09:00:00.000Z'),
  decidedAt: null,
  rolledBackAt: null,
  counts: null,
  ...values,
});
const actor = { id: 1, rights: DEFAULT_RIGHTS['Administrateur établissement'] };
const now = new Date('2026-11-26T10:00:00.000Z');

afterEach(() => confirmProgress.end(41));

describe('a history entry while its confirmation works', () => {
  it('is applying with its lines done, though its one transaction (PostgreSQL) has not committed the status yet', () => {
    confirmProgress.start(41, 350);
    confirmProgress.advance(41, 200);
    expect(presentHistoryEntry(row(), actor, now)).toMatchObject({ status: 'applying', progress: { done: 200, total: 350 } });
  });

  it('is as stored, without progress, once no confirmation works on it', () => {
    expect(presentHistoryEntry(row(), actor, now)).toMatchObject({ status: 'verified', progress: null });
    expect(presentHistoryEntry(row({ status: 'applied', decidedAt: now }), actor, now)).toMatchObject({
      status: 'applied',
      progress: null,
    });
  });
});
