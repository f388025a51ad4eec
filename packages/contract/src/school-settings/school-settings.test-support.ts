// The school settings' test values, for the contract's tests and the server's.
import type { SchoolPlatformValues } from './params.js';

/** A school's settings of a platform with every switch off and no common code: what tests change one field of. */
export const SWITCHES_OFF: Readonly<SchoolPlatformValues> = {
  platformUrlschemeCodeYesNo: false,
  platformCodeYesNo: false,
  platformCodeRequired: false,
  commonCodeYesNo: false,
  commonCodeRequired: false,
  connectDiffPassword: false,
  commonCode: '',
};
