import { settings } from '@console/contract';
import { describe, expect, it } from 'vitest';
import {
  checkPurgeForm,
  createPayloadOf,
  newPurgeFormValues,
  previewQueryOf,
  PURGE_PLATFORM_REQUIRED,
  purgeFormMessagesOf,
  purgeFormValuesOf,
  toLocalInputValue,
  updatePayloadOfTask,
  type PurgeFormValues,
} from './purge-task-fields';
import { buildPurgeTask } from './test-factories';

const LOCAL_START = '2026-12-01T08:30';
const VALUES: PurgeFormValues = {
  eventName: 'Purge Edulib',
  startDate: LOCAL_START,
  platformId: 'EDULIB',
  intervalField: 'WEEK',
  isAllSchools: false,
  uais: ['0750001A', '0750002B'],
  enable: true,
};

describe('the purge form values', () => {
  it('start a new task now, seconds zeroed, in local time, daily, on the platform given, without schools', () => {
    const values = newPurgeFormValues('EDULIB', new Date(2026, 10, 26, 9, 5, 42, 300));
    expect(values).toEqual({ ...VALUES, eventName: '', startDate: '2026-11-26T09:05', intervalField: 'DAY', uais: [] });
  });

  it("read a stored task's values, its start date in local time", () => {
    const task = buildPurgeTask(4, 'Purge Lelivrescolaire', {
      startDate: new Date(2026, 0, 5, 7, 45).toISOString(),
      intervalField: 'MINUTE',
      enable: false,
      procedureParameters: { arrayUai: 'all', arrayPlatforms: ['LLS2020'] },
    });
    expect(purgeFormValuesOf(task)).toEqual({
      eventName: 'Purge Lelivrescolaire',
      startDate: '2026-01-05T07:45',
      platformId: 'LLS2020',
      intervalField: 'MINUTE',
      isAllSchools: true,
      uais: [],
      enable: false,
    });
  });

  it('give the create payload, the start date as an ISO instant and the schools as a list or all', () => {
    expect(createPayloadOf(VALUES)).toEqual({
      eventName: 'Purge Edulib',
      platformId: 'EDULIB',
      startDate: new Date(LOCAL_START).toISOString(),
      intervalField: 'WEEK',
      uais: ['0750001A', '0750002B'],
    });
    expect(createPayloadOf({ ...VALUES, isAllSchools: true }).uais).toBe('all');
  });

  it("give a stored task's own values as an edit payload", () => {
    const task = buildPurgeTask(4, 'Purge Edulib');
    expect(updatePayloadOfTask(task)).toEqual({
      eventName: 'Purge Edulib',
      platformId: 'EDULIB',
      startDate: task.startDate,
      intervalField: 'DAY',
      uais: ['0750001A'],
      enable: true,
    });
    expect(settings.purgeTaskUpdateSchema.safeParse(updatePayloadOfTask(task)).success).toBe(true);
  });

  it('write a local date to the minute', () => {
    expect(toLocalInputValue(new Date(2026, 2, 4, 5, 6, 59))).toBe('2026-03-04T05:06');
  });
});

describe('the purge form check', () => {
  it('answers the payload when every field is right', () => {
    expect(checkPurgeForm(VALUES, false)).toEqual({ isValid: true, payload: createPayloadOf(VALUES) });
    expect(checkPurgeForm({ ...VALUES, intervalField: 'MINUTE', enable: false }, true)).toEqual({
      isValid: true,
      payload: { ...createPayloadOf(VALUES), intervalField: 'MINUTE', enable: false },
    });
  });

  it.each<[string, Partial<PurgeFormValues>, Record<string, unknown>]>([
    ['no label', { eventName: '  ' }, { eventName: settings.PURGE_LABEL_REQUIRED }],
    ['no start date', { startDate: '' }, { startDate: settings.PURGE_START_REQUIRED }],
    ['no platform', { platformId: null }, { platformId: PURGE_PLATFORM_REQUIRED }],
    ['no school and not all', { uais: [] }, { uais: settings.PURGE_UAIS_REQUIRED }],
    ['a UAI badly written', { uais: ['0750001'] }, { uais: 'school.errors.uai_format' }],
    ['MINUTE on a new task', { intervalField: 'MINUTE' }, { intervalField: expect.any(String) }],
  ])('names %s', (_case, overrides, expected) => {
    expect(checkPurgeForm({ ...VALUES, ...overrides }, false)).toEqual({ isValid: false, messages: expected });
  });

  it('needs no school picked when all are', () => {
    expect(checkPurgeForm({ ...VALUES, uais: [], isAllSchools: true }, false).isValid).toBe(true);
  });

  it("places the server's field errors on the form's fields, a list item's on its list", () => {
    expect(
      purgeFormMessagesOf({
        'uais.1': ['settings.errors.unknown_purge_school'],
        eventName: ['users.errors.too_long'],
        other: ['x'],
      }),
    ).toEqual({
      uais: 'settings.errors.unknown_purge_school',
      eventName: 'users.errors.too_long',
    });
  });
});

describe('the purge preview query', () => {
  it.each<[string, Partial<PurgeFormValues>, ReturnType<typeof previewQueryOf>]>([
    ['the schools picked', {}, { platformId: 'EDULIB', uais: '0750001A,0750002B' }],
    ['all schools', { isAllSchools: true }, { platformId: 'EDULIB', uais: 'all' }],
    ['nothing without a platform', { platformId: null }, null],
    ['nothing without a school', { uais: [] }, null],
  ])('asks for %s', (_case, overrides, expected) => {
    expect(previewQueryOf({ ...VALUES, ...overrides })).toEqual(expected);
  });
});
