import { imports, PROFILES } from '@console/contract';
import { listTeachingKeys, teachingKey } from '../imports.repository.js';
import { PlanPacker } from '../plan-packing.js';
import { PreviewList, type PlannedTeaching, type Planning } from '../plan.js';
import { problemAt, type PlanContext } from './plan-context.js';
import { informationsAfter, resolveLineUsers } from './resolve-users.js';

type TeachingLine = Extract<imports.ImportedLine, { mode: 'teaching' }>;

/**
 * Who teaches what in which class (teaching): each line names a teacher of the school (by id or
 * login) and adds one class and discipline to what they teach. An assignment already held, or
 * named twice, is left as it is ('unchanged'). A user who is not a teacher is a problem. The
 * planner owns `lines`: it empties the array and lets each line go once planned.
 */
export async function planTeaching(plan: PlanContext, lines: imports.ImportedLine[]): Promise<Planning> {
  const sources = lines.filter((line): line is TeachingLine => line.mode === 'teaching');
  lines.length = 0;
  const { found, problems } = await resolveLineUsers(plan, sources, { oncePerUser: false });
  sources.length = 0;
  // A teacher has a line per class: each is asked for once.
  const held = await listTeachingKeys(plan.ctx.db, [...new Set(found.map(({ user }) => user.id))]);
  const planned = new PlanPacker<PlannedTeaching>();
  const preview = new PreviewList(plan.onLinesPlanned);
  for (let index = 0; index < found.length; index++) {
    const { source, user } = found[index]!;
    found[index] = undefined as never;
    if (user.profile_id !== PROFILES.Enseignant) {
      problems.push(problemAt(source.line, imports.IMPORT_ERRORS.notTeacher, null, { login: user.login }));
      continue;
    }
    const key = teachingKey(user.id, source.class, source.discipline);
    const kind = held.has(key) ? 'unchanged' : 'teaching';
    held.add(key);
    await planned.push({
      kind,
      line: source.line,
      userId: user.id,
      login: user.login,
      className: source.class,
      discipline: source.discipline,
    });
    preview.push({
      line: source.line,
      action: kind,
      userId: user.id,
      informations: informationsAfter(plan, user, {}, null),
      options: [],
      applications: [],
      teaching: [{ class: source.class, discipline: source.discipline }],
      changes: [],
    });
  }
  return { plan: planned, preview, problems };
}
