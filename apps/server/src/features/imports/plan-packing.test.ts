import { describe, expect, it } from 'vitest';
import type { PlannedCreate, PlannedTeaching } from './plan.js';
import { PLAN_CHUNK_LINES, PlanPacker, unpackPlan } from './plan-packing.js';

const teachingLine = (line: number): PlannedTeaching => ({
  kind: 'teaching',
  line,
  userId: 1000 + line,
  login: `prof.${line}`,
  className: `6e${line % 4}`,
  discipline: 'Français’s histoire-géographie',
});

const createLine: PlannedCreate = {
  kind: 'create',
  line: 2,
  printable: true,
  fields: {
    profileId: 1,
    firstname: 'Zoë',
    lastname: 'Straße-Muñoz',
    login: 'zoe.strasse',
    passwordEncrypted: 'v1:abc==',
    level: null,
    className: '6eA',
    subject: null,
    email: null,
    comment: null,
    tabletNumber: null,
    adminMode: 0,
  },
  options: ['Latin'],
  accesses: [{ applicationId: 3, etat: 1, login: 'zoe', passwordEncrypted: null, keys: null }],
};

describe('a plan packed as it is made', () => {
  it('comes back line for line, in order, across chunks', async () => {
    const packer = new PlanPacker();
    const lines = [createLine, ...Array.from({ length: 2 * PLAN_CHUNK_LINES + 1 }, (_, index) => teachingLine(index + 3))];
    for (const line of lines) await packer.push(line);
    const chunks = await packer.packed();
    expect(chunks).toHaveLength(3);
    expect(await unpackPlan(chunks)).toEqual(lines);
  });

  it('an empty plan is no chunk', async () => {
    const packer = new PlanPacker();
    expect(await packer.packed()).toEqual([]);
    expect(await unpackPlan([])).toEqual([]);
  });
});
