import { cleanNames, imports, PROFILES, proposeLogin, users as contract, type LoginProposal } from '@console/contract';
import { hasPrintablePassword } from '#features/auth/auth.policy.js';
import { findTakenLogins } from '../imports.repository.js';
import { PlanPacker } from '../plan-packing.js';
import { PreviewList, type PlannedLine, type Planning } from '../plan.js';
import { allocateLogins } from './logins.js';
import { asUpdateLine, matchExistingUsers } from './match-existing.js';
import { planAccesses, previewAccess, withDefaultApplications } from './plan-accesses.js';
import { NAME_HEADERS, passwordFor, previewOptions, problemAt, sealPasswords, type PlanContext } from './plan-context.js';
import { planUpdate } from './plan-update.js';

type InitialLine = Extract<imports.ImportedLine, { mode: 'users_initial' }>;
const { IMPORT_ERRORS } = imports;

/** A line read against the school, before its login is settled. */
type Draft = {
  source: InitialLine;
  firstname: string;
  lastname: string;
  login: string | null;
  proposal: LoginProposal;
  password: string;
  /** The password sealed (sealPasswords), once the school's users and logins are read. */
  sealedPassword?: string;
};

/** Names cleaned by the school's rules, profile, e-mail and password of a line; null with its problems when one breaks a rule. */
function draftOf(plan: PlanContext, source: InitialLine, problems: imports.ImportProblem[]): Draft | null {
  const { informations, line } = source;
  const { rules, extension, emailRequired } = plan.naming;
  const before = problems.length;
  if (!contract.assignableProfiles(plan.ctx.actor.profile).includes(informations.profile)) {
    problems.push(
      problemAt(line, IMPORT_ERRORS.profileNotAssignable, imports.fieldLabel('profile'), { profile: informations.profile }),
    );
  }
  // A login left empty is made by the rules (proposeLogin); one given that cleans to nothing is missing.
  const { cleaned, missing } = cleanNames(
    { firstname: informations.firstName, lastname: informations.lastName, login: informations.login },
    rules,
  );
  const { firstname = '', lastname = '' } = cleaned;
  const login = cleaned.login ?? null;
  const proposal = proposeLogin(informations.firstName, informations.lastName, extension, rules);
  if (login === null && proposal.stem === '') missing.push('login');
  for (const field of missing) problems.push(problemAt(line, IMPORT_ERRORS.required, imports.fieldLabel(NAME_HEADERS[field])));
  if (contract.missingEmailMessage(informations.profile, emailRequired, informations.email) !== null) {
    problems.push(problemAt(line, IMPORT_ERRORS.required, imports.fieldLabel('email')));
  }
  const password = passwordFor(informations.profile, informations.password);
  if (password === undefined) problems.push(problemAt(line, IMPORT_ERRORS.weakPassword, imports.fieldLabel('password')));
  if (problems.length > before || password === undefined) return null;
  return { source, firstname, lastname, login, proposal, password };
}

/**
 * New users (users_initial): names cleaned by the school's rules, logins as given (cleaned, and
 * refused when an account or an earlier line holds them) or made by the rules with a number on a
 * collision (the preview says which line or account held the plain one), passwords as given or
 * generated, options by name, applications with their credentials. A line naming a user already
 * in the school (match-existing.ts) is planned as that user's update instead, after the
 * creations, and marked `existing`. Nothing is written.
 */
export async function planInitial(plan: PlanContext, lines: imports.ImportedLine[]): Promise<Planning> {
  const problems: imports.ImportProblem[] = [];
  const drafts = lines.flatMap((line) => {
    if (line.mode !== 'users_initial') return [];
    const draft = draftOf(plan, line, problems);
    return draft ? [draft] : [];
  });
  lines.length = 0;
  // The passwords are sealed while the school's users and the taken logins are read (on the main
  // thread, or by PostgreSQL): the two go on side by side rather than one after the other.
  const sealing = sealPasswords(plan, [...drafts]);

  // Lines naming users already in the school become their updates, left out unless ticked.
  const existing = await matchExistingUsers(plan, drafts);
  const existingLines = drafts.flatMap((draft) => {
    const match = existing.get(draft.source.line);
    return match ? [asUpdateLine(draft.source, match.userId)] : [];
  });
  const fresh = drafts.filter((draft) => !existing.has(draft.source.line));
  drafts.length = 0;

  // The file's own logins: free of accounts, and once in the file once cleaned.
  const given = fresh.filter((draft) => draft.login !== null);
  const taken = await findTakenLogins(plan.ctx.db, [...new Set(given.map((draft) => draft.login!.toLowerCase()))]);
  const reserved = new Map<string, number>();
  const usable = fresh.filter((draft) => {
    if (draft.login === null) return true;
    const key = draft.login.toLowerCase();
    const earlier = reserved.get(key);
    if (taken.has(key))
      problems.push(problemAt(draft.source.line, IMPORT_ERRORS.loginTaken, imports.fieldLabel('login'), { login: draft.login }));
    else if (earlier !== undefined)
      problems.push(
        problemAt(draft.source.line, IMPORT_ERRORS.duplicateLogin, imports.fieldLabel('login'), {
          login: draft.login,
          line: earlier,
        }),
      );
    else reserved.set(key, draft.source.line);
    return !taken.has(key) && earlier === undefined;
  });
  const toMake = usable.filter((draft) => draft.login === null);
  const made = await allocateLogins(
    plan.ctx.db,
    toMake.map((draft) => draft.proposal),
    new Set(reserved.keys()),
  );
  toMake.forEach((draft, index) => (draft.login = made[index]!));
  const numbered = numberedLogins(usable, toMake);
  for (const list of [fresh, given, toMake]) list.length = 0;
  await sealing;

  const planned = new PlanPacker<PlannedLine>();
  const preview = new PreviewList(plan.onLinesPlanned);
  for (let index = 0; index < usable.length; index++) {
    const draft = usable[index]!;
    // Planned, a line is garbage: the file's lines (80 MiB for 50,000) are not all held beside the preview.
    usable[index] = undefined as never;
    const { informations, line, options, applications } = draft.source;
    const login = draft.login!;
    const sealedPassword = draft.sealedPassword!;
    const given = withDefaultApplications(applications, plan.defaultApplications.get(PROFILES[informations.profile]) ?? []);
    const accessPlanning = planAccesses(
      line,
      given.wanted,
      plan.catalogue,
      { login, password: draft.password, sealedPassword },
      new Map(),
      plan.secrets,
    );
    problems.push(...accessPlanning.problems);
    if (accessPlanning.problems.length > 0) continue;
    await planned.push({
      kind: 'create',
      line,
      printable: hasPrintablePassword(informations.profile),
      fields: {
        profileId: PROFILES[informations.profile],
        firstname: draft.firstname,
        lastname: draft.lastname,
        login,
        passwordEncrypted: sealedPassword,
        level: informations.level,
        className: informations.class,
        subject: informations.subject,
        email: informations.email,
        comment: informations.comment,
        tabletNumber: informations.tabletNumber,
        adminMode: informations.adminMode,
      },
      options,
      accesses: accessPlanning.accesses,
    });
    preview.push({
      line,
      action: 'create',
      userId: null,
      informations: {
        uai: plan.uai,
        profile: informations.profile,
        lastName: draft.lastname,
        firstName: draft.firstname,
        login,
        password: plan.revealPasswords ? draft.password : null,
        level: informations.level,
        class: informations.class,
        adminMode: informations.adminMode,
        subject: informations.subject,
        email: informations.email,
      },
      options: previewOptions(plan, options),
      applications: accessPlanning.accesses.map((access) => previewAccess(access, given.bySchool)),
      teaching: [],
      changes: [],
      ...(numbered.has(line) ? { numberedLogin: numbered.get(line)! } : {}),
    });
  }
  if (existingLines.length > 0) {
    const updates = await planUpdate(plan, existingLines, {
      planned,
      preview,
      previewExtra: (line) => ({ existing: { by: existing.get(line)!.by } }),
    });
    problems.push(...updates.problems);
  }
  return { plan: planned, preview, problems };
}

/**
 * The logins the rules numbered (`lea.andre2`), each with the plain login and the file's line that
 * holds it, or null when an account does (the preview says why a number was added).
 */
function numberedLogins(usable: readonly Draft[], made: readonly Draft[]): Map<number, { plain: string; heldBy: number | null }> {
  const lineOf = new Map(usable.map((draft) => [draft.login!.toLowerCase(), draft.source.line]));
  const numbered = new Map<number, { plain: string; heldBy: number | null }>();
  for (const draft of made) {
    const plain = draft.proposal.stem + draft.proposal.tail;
    if (draft.login!.toLowerCase() !== plain.toLowerCase())
      numbered.set(draft.source.line, { plain, heldBy: lineOf.get(plain.toLowerCase()) ?? null });
  }
  return numbered;
}
