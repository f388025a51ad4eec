import {
  cleanNames,
  imports,
  NAME_FIELDS,
  profileNameOf,
  PROFILES,
  users as contract,
  type ProfileName,
} from '@console/contract';
import { listActionableUserIds } from '#platform/auth/access.js';
import { hasPrintablePassword } from '#features/auth/auth.policy.js';
import { listOptionLists } from '#features/users/options.repository.js';
import { findTakenLogins, listHeldAccesses, STORED_COLUMN, type SchoolUserRow } from '../imports.repository.js';
import { PlanPacker } from '../plan-packing.js';
import { PreviewList, type HeldAccess, type PlannedFields, type PlannedLine, type Planning } from '../plan.js';
import { planAccesses, previewAccess } from './plan-accesses.js';
import { NAME_HEADERS, passwordFor, previewOptions, problemAt, type PlanContext } from './plan-context.js';
import { informationsAfter, resolveLineUsers, USERS_PER_READ } from './resolve-users.js';

type UpdateLine = Extract<imports.ImportedLine, { mode: 'users_update' }>;
const { IMPORT_ERRORS } = imports;

/** The plain columns an update compares and writes: the file's field, the stored column. */
const PLAIN_FIELDS = [
  ['level', 'level'],
  ['class', 'className'],
  ['subject', 'subject'],
  ['email', 'email'],
  ['comment', 'comment'],
  ['tabletNumber', 'tabletNumber'],
] as const;

/** One line's changes against the user as stored: the columns that differ, and the preview's before → after. */
function fieldChanges(plan: PlanContext, source: UpdateLine, user: SchoolUserRow, problems: imports.ImportProblem[]) {
  const { changes, line } = source;
  const { rules } = plan.naming;
  const fields: Partial<PlannedFields> = {};
  const shown: imports.ImportChange[] = [];
  /** Plans a column that differs; `given`, the file's value when the school's rule rewrote it, marks the change as the rule's. */
  const set = <K extends keyof PlannedFields>(
    key: K,
    header: string,
    before: PlannedFields[K] | null,
    after: PlannedFields[K],
    given?: string,
  ) => {
    if (before === after) return;
    fields[key] = after;
    const byRule = given !== undefined && given !== after;
    shown.push({
      field: header,
      before: before === null ? null : String(before),
      after: String(after),
      ...(byRule ? { byRule } : {}),
    });
  };
  const profileBefore = profileNameOf(user.profile_id)!;
  let profile: ProfileName = profileBefore;
  if (changes.profile && changes.profile !== profileBefore) {
    const crossesPasswordKind = hasPrintablePassword(changes.profile) !== hasPrintablePassword(profileBefore);
    if (!contract.assignableProfiles(plan.ctx.actor.profile).includes(changes.profile) || crossesPasswordKind) {
      problems.push(
        problemAt(line, IMPORT_ERRORS.profileNotAssignable, imports.fieldLabel('profile'), { profile: changes.profile }),
      );
    } else {
      profile = changes.profile;
      fields.profileId = PROFILES[profile];
      shown.push({ field: imports.fieldLabel('profile'), before: profileBefore, after: profile });
    }
  }
  const { cleaned, missing } = cleanNames(
    { firstname: changes.firstName, lastname: changes.lastName, login: changes.login },
    rules,
  );
  for (const field of NAME_FIELDS) {
    const header = imports.fieldLabel(NAME_HEADERS[field]);
    if (missing.includes(field)) problems.push(problemAt(line, IMPORT_ERRORS.required, header));
    else if (cleaned[field] !== undefined) set(field, header, user[field], cleaned[field], changes[NAME_HEADERS[field]]!);
  }
  for (const [key, column] of PLAIN_FIELDS) {
    const given = changes[key];
    if (given != null) set(column, imports.fieldLabel(key), user[STORED_COLUMN[column]], given);
  }
  if (changes.adminMode !== undefined) set('adminMode', imports.fieldLabel('adminMode'), user.admin_mode, changes.adminMode);
  let password: string | null = user.password_encrypted === null ? null : plan.secrets.decrypt(user.password_encrypted);
  if (changes.password != null && changes.password !== password) {
    const given = passwordFor(profile, changes.password);
    if (given === undefined) {
      problems.push(problemAt(line, IMPORT_ERRORS.weakPassword, imports.fieldLabel('password')));
    } else {
      password = given;
      fields.passwordEncrypted = plan.secrets.encrypt(given);
      // A password is named, never shown in a change.
      shown.push({ field: imports.fieldLabel('password'), before: null, after: null });
    }
  }
  return { fields, shown, profile, password };
}

/** A line of the file with its user and the changes it plans to that user's own columns. */
type Draft = { source: UpdateLine; user: SchoolUserRow } & ReturnType<typeof fieldChanges>;

/**
 * Where a planning writes: its plan and preview, and what a line's preview says beyond the update
 * (a new-users file plans its lines naming users already there as updates, beside its creations).
 */
export type PlanTarget = {
  planned: PlanPacker<PlannedLine>;
  preview: PreviewList;
  previewExtra?: (line: number) => Partial<imports.ImportUser>;
};

/**
 * Changes to users of the school (users_update): each line finds its user by id or login (of
 * this school only: another school's user is unknown), and only the columns that differ from
 * the user as stored are planned, with their before → after for the preview. An empty cell
 * changes nothing. A new login is refused when an account or another line holds it. The planner
 * owns `lines`: it empties the array and lets each line go once planned, as planInitial does.
 */
export async function planUpdate(
  plan: PlanContext,
  lines: imports.ImportedLine[],
  into: PlanTarget = { planned: new PlanPacker<PlannedLine>(), preview: new PreviewList(plan.onLinesPlanned) },
): Promise<Planning> {
  const { db, actor } = plan.ctx;
  const sources = lines.filter((line): line is UpdateLine => line.mode === 'users_update');
  lines.length = 0;
  const { found, problems } = await resolveLineUsers(plan, sources);
  sources.length = 0;
  const actionable = await listActionableUserIds(
    db,
    actor,
    found.map(({ user }) => ({ id: user.id, profileId: user.profile_id })),
  );

  const drafts = found.flatMap(({ source, user }): Draft[] => {
    if (!actionable.has(user.id)) {
      problems.push(problemAt(source.line, IMPORT_ERRORS.userNotActionable, null, { login: user.login }));
      return [];
    }
    const before = problems.length;
    const changes = fieldChanges(plan, source, user, problems);
    return problems.length > before ? [] : [{ source, user, ...changes }];
  });
  found.length = 0;

  // New logins: free of accounts (but the user's own), and once in the file.
  const renamed = drafts.filter(
    (draft) => draft.fields.login !== undefined && draft.fields.login.toLowerCase() !== draft.user.login.toLowerCase(),
  );
  const taken = await findTakenLogins(db, [...new Set(renamed.map((draft) => draft.fields.login!.toLowerCase()))]);
  const claimed = new Map<string, number>();
  const refused = new Set<number>();
  for (const draft of renamed) {
    const key = draft.fields.login!.toLowerCase();
    const earlier = claimed.get(key);
    if (taken.has(key))
      problems.push(
        problemAt(draft.source.line, IMPORT_ERRORS.loginTaken, imports.fieldLabel('login'), { login: draft.fields.login! }),
      );
    else if (earlier !== undefined)
      problems.push(
        problemAt(draft.source.line, IMPORT_ERRORS.duplicateLogin, imports.fieldLabel('login'), {
          login: draft.fields.login!,
          line: earlier,
        }),
      );
    else claimed.set(key, draft.source.line);
    if (taken.has(key) || earlier !== undefined) refused.add(draft.source.line);
  }
  renamed.length = 0;

  const { planned, preview, previewExtra } = into;
  // Their options and accesses (about seven a user, with sealed credentials) read a chunk at a time.
  for (let start = 0; start < drafts.length; start += USERS_PER_READ) {
    const chunk = drafts.slice(start, start + USERS_PER_READ).filter((draft) => !refused.has(draft.source.line));
    // Planned, a line is garbage: the file's lines are not all held beside the preview.
    drafts.fill(undefined as never, start, start + USERS_PER_READ);
    const userIds = chunk.map((draft) => draft.user.id);
    const [optionLists, heldAccesses] = await Promise.all([listOptionLists(db, userIds), listHeldAccesses(db, userIds)]);
    for (const draft of chunk) {
      const held = heldAccesses.get(draft.user.id) ?? new Map<number, HeldAccess>();
      await planDraft(plan, draft, optionLists.get(draft.user.id) ?? [], held, { planned, preview, previewExtra }, problems);
    }
  }
  return { plan: planned, preview, problems };
}

/** One user's drafted changes planned: options and accesses compared with what they hold, then the plan's line and the preview's. */
async function planDraft(
  plan: PlanContext,
  draft: Draft,
  currentEntries: readonly { name: string }[],
  held: ReadonlyMap<number, HeldAccess>,
  { planned, preview, previewExtra }: PlanTarget,
  problems: imports.ImportProblem[],
): Promise<void> {
  const { source, user, fields, shown, profile, password } = draft;
  const login = fields.login ?? user.login;
  const currentOptions = currentEntries.map((entry) => entry.name);
  const optionsChange = source.options !== null && source.options.join('\u0000') !== currentOptions.join('\u0000');
  if (optionsChange)
    shown.push({ field: 'Options', before: currentOptions.join(', ') || null, after: source.options!.join(', ') || null });
  const account = { login, password: password ?? '', sealedPassword: fields.passwordEncrypted ?? user.password_encrypted };
  const accessPlanning = planAccesses(source.line, source.applications, plan.catalogue, account, held, plan.secrets);
  problems.push(...accessPlanning.problems);
  if (accessPlanning.problems.length > 0) return;
  for (const access of accessPlanning.accesses) {
    const name = plan.catalogue.get(access.applicationId)?.name ?? String(access.applicationId);
    const before = held.get(access.applicationId);
    shown.push({ field: name, before: before ? String(before.status) : '0', after: String(access.etat) });
  }
  const kind = shown.length > 0 ? 'update' : 'unchanged';
  const options = optionsChange ? source.options! : null;
  await planned.push({
    kind,
    line: source.line,
    userId: user.id,
    login,
    fields,
    printable: hasPrintablePassword(profile),
    options,
    accesses: accessPlanning.accesses,
  });
  preview.push({
    line: source.line,
    action: kind,
    userId: user.id,
    informations: informationsAfter(plan, user, fields, password),
    options: previewOptions(plan, options ?? currentOptions),
    applications: accessPlanning.accesses.map((access) => previewAccess(access)),
    teaching: [],
    changes: shown,
    ...previewExtra?.(source.line),
  });
}
