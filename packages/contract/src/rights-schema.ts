import { z } from 'zod';
import { PROFILE_NAMES, type ProfileName } from './rights.js';

// Kept apart from rights.ts, so that code needing only the rules (the sign-in screen) loads no zod.
export const profileNameSchema = z.enum(PROFILE_NAMES as [ProfileName, ...ProfileName[]]);
export const rightEntrySchema = z.object({
  Lecture: z.union([z.literal(0), z.literal(1)]),
  Ecriture: z.union([z.literal(0), z.literal(1)]),
});
export const rightsMapSchema = z.record(z.string(), rightEntrySchema);
