import type { CredentialApplication, CredentialPlatform } from '../users/rules.js';
import type { SchoolPlatformValues } from './params.js';

/**
 * A school's own settings of a platform that bear on the credentials of its applications: its
 * row of `school_platforms` (spec 2 §2.10). `commonCodeRequired` is a rule of the settings form
 * alone (a common code switched on must be given), so it is not read here.
 */
export type SchoolPlatformCredentials = Pick<
  SchoolPlatformValues,
  | 'platformUrlschemeCodeYesNo'
  | 'platformCodeYesNo'
  | 'platformCodeRequired'
  | 'commonCodeYesNo'
  | 'commonCode'
  | 'connectDiffPassword'
>;

/** The school's common code of a platform: its own, trimmed, when switched on and given; else none. */
function schoolCommonCodeOf(school: SchoolPlatformCredentials): string | null {
  const code = school.commonCode.trim();
  return school.commonCodeYesNo && code !== '' ? code : null;
}

/**
 * An application's credential flags for a user of a school with its own settings of the
 * application's platform: the URL scheme's code option and the password apart (where the
 * application carries `connectDiffPassword`) are the school's; the common code is the school's
 * own (switched on and given, trimmed), else the application's own of the catalogue, which a
 * school cannot switch off (it sets codes by platform; an application's own code is the
 * catalogue's decision), else none. So a school's first save of a platform, which starts from the
 * catalogue's values, changes no code.
 */
export function withSchoolApplicationSettings<A extends CredentialApplication & { connectDiffPassword?: boolean }>(
  application: A,
  school: SchoolPlatformCredentials,
): A {
  return {
    ...application,
    urlSchemeCodeYesNo: school.platformUrlschemeCodeYesNo,
    commonCode: schoolCommonCodeOf(school) ?? application.commonCode,
    ...(application.connectDiffPassword !== undefined && { connectDiffPassword: school.connectDiffPassword }),
  };
}

/**
 * A platform's credential flags for a user of a school with its own settings of it: its code
 * options and its common code are the school's. The catalogue platform's common code is no
 * fallback then: the school's settings were read from it until their first change.
 */
export function withSchoolPlatformSettings<P extends CredentialPlatform>(platform: P, school: SchoolPlatformCredentials): P {
  return {
    ...platform,
    platformCodeYesNo: school.platformCodeYesNo,
    platformCodeRequired: school.platformCodeRequired,
    commonCode: schoolCommonCodeOf(school),
  };
}

/**
 * The inputs of `users.credentialFieldsOf` for a user of a school: the catalogue's application and
 * platform as they are when the school has no settings of its own for the platform (no row of
 * `school_platforms`), else with the school's settings over them (`withSchoolApplicationSettings`,
 * `withSchoolPlatformSettings`). Every place that computes a user's credentials goes through it.
 */
export function schoolCredentialInputs<
  A extends CredentialApplication & { connectDiffPassword?: boolean },
  P extends CredentialPlatform,
>(
  application: A,
  platform: P | undefined,
  school: SchoolPlatformCredentials | undefined,
): { application: A; platform: P | undefined } {
  if (!school) return { application, platform };
  return {
    application: withSchoolApplicationSettings(application, school),
    platform: platform && withSchoolPlatformSettings(platform, school),
  };
}
