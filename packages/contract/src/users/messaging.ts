import { z } from 'zod';
import { REQUIRED } from '../messages.js';
import { MAX_PNE_KEYS, USER_TEXT_LIMITS } from './limits.js';
import { MAX_USERS_PER_ACTION, userIdSchema } from './schemas.js';

/** Mailing users their access, and activating teachers' PNE keys. */

/** A teacher's keys to activate on the PNE service. The server uses its stored password when none is sent. */
export const pneActivationSchema = z.object({
  username: z.string().trim().min(1, REQUIRED).max(USER_TEXT_LIMITS.login),
  password: z.string().max(USER_TEXT_LIMITS.platformCredential).optional(),
  keys: z.array(z.string().trim().min(1).max(USER_TEXT_LIMITS.pneKey)).max(MAX_PNE_KEYS).optional(),
});
/**
 * What the server itself says of an account (beyond the spec's fields, which carry the PNE
 * service's own words): the browser writes it in its language. `no_answer`: the service left the
 * account out of its answer; `keys_rejected`: it accepted the account but not `rejected` keys of `total`.
 */
export const PNE_PROBLEMS = ['no_answer', 'keys_rejected'] as const;
export type PneProblem = (typeof PNE_PROBLEMS)[number];

export const pneAnswerSchema = z.object({
  /** Empty on 200; on 207, the rejected accounts with each key's error. */
  data: z.array(
    z.object({
      username: z.string(),
      /** The service's message; empty when `problem` says it. */
      message: z.string(),
      problem: z.enum(PNE_PROBLEMS).optional(),
      counts: z.object({ rejected: z.number().int(), total: z.number().int() }).optional(),
      /** Each key's error as the service gave it; empty when `problem` says it. */
      keys: z.array(z.object({ key: z.string(), error: z.string(), problem: z.enum(PNE_PROBLEMS).optional() })),
    }),
  ),
});
export type PneAnswer = z.infer<typeof pneAnswerSchema>;

/** Mail template ids (spec 3 §9): access (default), school administrator access, manager access. */
export const MAIL_TEMPLATES = { access: 165, schoolAdministratorAccess: 198, managerAccess: 197 } as const;
export const MAIL_TEMPLATE_IDS = [165, 198, 197] as const;

export const mailBodySchema = z.object({
  /** The server reads each user's e-mail, login and password itself; only `idUser` is trusted. */
  users: z
    .array(
      z.object({
        idUser: userIdSchema,
        email: z.string().optional(),
        login: z.string().optional(),
        password: z.string().optional(),
      }),
    )
    .min(1, REQUIRED)
    .max(MAX_USERS_PER_ACTION),
  templateId: z.union([z.literal(165), z.literal(198), z.literal(197)]).default(165),
});
export const mailAnswerSchema = z.object({ sent: z.number().int(), skipped: z.number().int() });
