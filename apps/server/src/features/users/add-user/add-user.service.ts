import {
  REQUIRED,
  cleanNames,
  generatePrintablePassword,
  meetsPasswordRules,
  PROFILES,
  users as contract,
  type NewUser,
  type SchoolUser,
} from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import { storePassword } from '#platform/auth/passwords.js';
import { canReachSchool, schoolNotFound } from '#platform/auth/access.js';
import { encryptSecret, randomToken, secureIntegers } from '#platform/auth/secrets.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import type { userApplications } from '#platform/db/schema/index.js';
import { AppError, validationError } from '#platform/errors/app-error.js';
import { hasPrintablePassword } from '#features/auth/auth.policy.js';
import { isLoginTaken } from '../users.repository.js';
import { loadSchoolNaming, readGridRow } from '../users.shared.js';
import { credentialFieldsOfRow } from '../bulk/users-bulk.applications.js';
import { ensureOptions, optionKey, writeOptionLists } from '../options.repository.js';
import { findApplicationsWithPlatforms, readSchoolPlatformSettings } from '../user-catalogue.repository.js';
import { newAccessCredentialsOf, uniqueApplications } from './add-user.policy.js';
import { insertAccesses, insertUser } from './add-user.repository.js';

export const PASSWORD_RULES = 'password_rules';

type AccessRow = Omit<typeof userApplications.$inferInsert, 'userId'>;

/**
 * The new user's accesses, their credentials defaulted by the rules of the user's school (its own
 * platform settings over the catalogue's); records unknown applications and missing credentials.
 */
async function resolveAccesses(
  ctx: ServiceContext,
  uai: string,
  input: NewUser['applications'],
  account: { login: string; password: string },
  fieldErrors: Record<string, string[]>,
): Promise<AccessRow[]> {
  const wanted = uniqueApplications(input);
  if (wanted.length === 0) return [];
  const [rows, school] = await Promise.all([
    findApplicationsWithPlatforms(
      ctx.db,
      wanted.map(({ application }) => application.idApplication),
    ),
    readSchoolPlatformSettings(ctx.db, uai),
  ]);
  return wanted.flatMap(({ index, application }) => {
    const row = rows.get(application.idApplication);
    if (!row || row.platform_id !== application.platformId) {
      fieldErrors[`applications.${index}.idApplication`] = [contract.UNKNOWN_APPLICATION];
      return [];
    }
    const given = contract.credentialsOf(application, contract.CREDENTIAL_NAMES.newUser);
    const credentials = newAccessCredentialsOf(credentialFieldsOfRow(row, school), given, account);
    const paths = contract.credentialErrorPaths(`applications.${index}.`, contract.CREDENTIAL_NAMES.newUser);
    for (const field of credentials.missing) fieldErrors[paths[field]] = [REQUIRED];
    return [
      {
        applicationId: row.id,
        status: 1,
        login: credentials.login,
        passwordEncrypted: encryptSecret(ctx.env.encryptionKey, credentials.password),
        keys: credentials.keys,
      },
    ];
  });
}

/**
 * Adds a user to a school with options (found or created by name) and applications, in one
 * transaction. Names and login are cleaned by the school's rules; pupils' and teachers'
 * passwords are stored encrypted, staff ones hashed. Throws `not_found` for a school out of
 * reach, `forbidden` for a profile the caller may not give, `validation_failed` (fieldErrors by
 * body path) for a blank cleaned name, a missing e-mail, a weak staff password, an unknown
 * application or a missing credential, `conflict` when the login is taken.
 */
export async function createUser(ctx: ServiceContext, input: NewUser): Promise<{ user: SchoolUser }> {
  const values = { ...input.values, uai: input.values.uai.toUpperCase() };
  if (!(await canReachSchool(ctx, values.uai))) throw schoolNotFound();
  if (!contract.assignableProfiles(ctx.actor.profile).includes(values.profile))
    throw new AppError('forbidden', `The profile ${values.profile} is not given by a ${ctx.actor.profile}`, {
      reason: 'profile_not_assignable',
    });
  const naming = await loadSchoolNaming(ctx.db, values.uai);
  const { cleaned, missing } = cleanNames(
    { firstname: values.firstName, lastname: values.lastName, login: values.login },
    naming.rules,
  );
  const { firstname = '', lastname = '', login = '' } = cleaned;
  const fieldErrors = contract.missingNameErrors(missing, contract.NAME_FIELD_PATHS.newUser);
  const missingEmail = contract.missingEmailMessage(values.profile, naming.emailRequired, values.email);
  if (missingEmail !== null) fieldErrors['values.email'] = [missingEmail];
  const isPrintable = hasPrintablePassword(values.profile);
  if (!isPrintable && !meetsPasswordRules(values.password)) fieldErrors['values.password'] = [PASSWORD_RULES];
  const accesses = await resolveAccesses(ctx, values.uai, input.applications, { login, password: values.password }, fieldErrors);
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  const storedPassword = await storePassword(ctx.env.encryptionKey, values.password, isPrintable);
  const optionNames = [...new Set(input.options)];

  // The answer is read inside the transaction: once it commits, nothing can fail the answer.
  return ctx.db.transaction(async (tx) => {
    if (await isLoginTaken(tx, login))
      throw new AppError('conflict', 'A user with this login exists', {
        reason: 'username_taken',
        fieldErrors: { 'values.login': [contract.USERNAME_TAKEN] },
      });
    // The fields stored as given, and written as they are into the audit entry.
    const fields = {
      firstname,
      lastname,
      level: values.level,
      className: values.class,
      subject: values.subject,
      email: values.email,
      tabletNumber: values.tabletNumber,
      comment: values.comment,
      adminMode: values.adminMode,
    };
    const userId = await insertUser(tx, {
      uai: values.uai,
      profileId: PROFILES[values.profile],
      login,
      ...storedPassword,
      ...fields,
      linkToken: randomToken(),
      createdBy: editorLabel(ctx.actor),
    });
    const ensured = await ensureOptions(
      tx,
      optionNames.map((name) => ({ uai: values.uai, name })),
    );
    const options = optionNames.map((name, index) => ({
      optionId: ensured.ids.get(optionKey(values.uai, name))!,
      name,
      ordre: index + 1,
    }));
    await writeOptionLists(tx, [{ id: userId, before: [], after: options }]);
    await insertAccesses(
      tx,
      accesses.map((access) => ({ ...access, userId })),
    );
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'create',
      entity: 'user',
      entityId: userId,
      uai: values.uai,
      after: {
        login,
        profile: values.profile,
        ...fields,
        options: optionNames,
        applications: accesses.map((access) => ({ applicationId: access.applicationId, login: access.login, keys: access.keys })),
        // The password is named, never written.
        passwordSet: true,
      },
    });
    return { user: await readGridRow(tx, userId) };
  });
}

/** n random passwords by the spec's rule ('!' added for the EDULIB platform), for the panel's Generate button. */
export function generatePasswords(n: number, platformId?: string): string[] {
  return Array.from({ length: n }, () => generatePrintablePassword(secureIntegers, platformId));
}
