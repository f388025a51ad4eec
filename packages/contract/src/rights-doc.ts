import { DEFAULT_RIGHTS, PROFILE_NAMES, RIGHT_AREAS, type RightEntry } from './rights.js';
import { BULK_MENU_RIGHTS } from './users/bulk-menu.js';
import { manageableProfiles } from './users/rules.js';

function cell(entry: RightEntry): string {
  if (entry.Ecriture === 1) return 'Ecriture';
  if (entry.Lecture === 1) return 'Lecture';
  return '—';
}

/** docs/rights.md: the seeded rights map of every profile, one row per area. */
export function renderRightsDoc(): string {
  const header = `| area | ${PROFILE_NAMES.join(' | ')} |`;
  const rule = `| --- | ${PROFILE_NAMES.map(() => '---').join(' | ')} |`;
  const rows = RIGHT_AREAS.map(
    (area) => `| ${area} | ${PROFILE_NAMES.map((profile) => cell(DEFAULT_RIGHTS[profile][area])).join(' | ')} |`,
  );
  return [
    '# Rights',
    '',
    'Generated from `packages/contract/src/rights.ts` by `npm run docs`; a test fails when this page and the code differ.',
    '',
    'Each profile carries a complete rights map (area → Lecture/Ecriture), seeded into `profile_rights` at every start',
    '(an area already stored keeps its stored levels). `Ecriture` implies `Lecture`; `—` means neither.',
    'The server checks the right each route names (see the route snapshot in',
    '`apps/server/test/__snapshots__/routes-rights.snapshot.int.test.ts.snap`) and, separately, the school scope:',
    '',
    '- Administrateur: every school.',
    '- Gestionnaire: the schools assigned to them (`manager_schools`).',
    '- Administrateur établissement: their own school.',
    '- Enseignant, Eleve: only their own account.',
    '',
    "A resource outside the caller's reach answers 404; a visible one they may not change answers 403.",
    '',
    "Acting on another user's account (page and grid edits, password and login resets, sign-in links, enabling and",
    'disabling, bin and restore, unlocking, mails with credentials, PNE keys, bulk changes and their undo) also needs',
    "that the caller may act on the user's profile, and, for a Gestionnaire, that every school it manages is within",
    "the caller's reach (`apps/server/src/platform/auth/access.ts`); otherwise 403 and nothing changes:",
    '',
    ...PROFILE_NAMES.map((profile) => `- ${profile}: ${manageableProfiles(profile).join(', ') || 'nobody else'}.`),
    '',
    'Sign-in by link (`?iduser=`, the QR code) is for Eleve and Enseignant only: no link token of a staff member is',
    'shown, issued or accepted.',
    '',
    '### Documents',
    '',
    'In the document manager (FileManager) an Administrateur sees and manages every document. The others see the',
    'documents for every school, for a school they reach, assigned to a user of a school they reach, or uploaded by',
    'them; they manage (delete, assign to schools) those they uploaded and those whose schools are all within their',
    'reach, never one for every school. Every user reads, from their page, the documents assigned to them, to their',
    'school or to every school, and no other (`apps/server/src/features/documents/README.md`).',
    '',
    '### Devices and notifications',
    '',
    "Every signed-in user registers their own device (`POST /devices`), never another's. A notification's audience",
    '(notifications) is made of the users of the schools the caller reaches: an Administrateur every school, a',
    'Gestionnaire the schools they manage, a school administrator their own; naming a school out of reach answers 404.',
    'The history shows an Administrateur every notification, the others those they wrote and those for schools all',
    'within their reach (`apps/server/src/features/notifications/README.md`).',
    '',
    "Each item of the users view's bulk-edit menu needs two rights at Ecriture: the right of the route it calls and",
    'its own area (`BULK_MENU_RIGHTS` in `packages/contract/src/users/bulk-menu.ts`; for the bulk changes the service',
    'checks the second one with `requireRight`). Its own area at Lecture shows the item.',
    '',
    '| item | route | own area |',
    '| --- | --- | --- |',
    ...Object.entries(BULK_MENU_RIGHTS).map(([item, { area, route }]) => `| ${item} | ${route.area} | ${area} |`),
    '',
    header,
    rule,
    ...rows,
    '',
  ].join('\n');
}
