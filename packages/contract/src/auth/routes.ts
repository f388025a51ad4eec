import { z } from 'zod';
import { REQUIRED } from '../messages.js';
import { okSchema } from '../errors.js';
import { defineRoute } from '../http.js';
import { recordIdParamSchema } from '../ids.js';
import { passwordChangeSchema } from '../rules/password.js';
import { LOGIN_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './limits.js';
import { interfaceLanguageSchema, sessionUserSchema } from './session-user.js';

export const loginBodySchema = z.object({
  login: z.string().trim().min(1, REQUIRED).max(LOGIN_MAX_LENGTH),
  password: z.string().min(1, REQUIRED).max(PASSWORD_MAX_LENGTH),
});

export const login = defineRoute({
  method: 'POST',
  path: '/auth/login',
  right: 'public',
  summary: 'Sign in with login and password; sets the session cookie.',
  body: loginBodySchema,
  answer: sessionUserSchema,
});

export const loginWithToken = defineRoute({
  method: 'POST',
  path: '/auth/login/token',
  right: 'public',
  summary: "Sign in by link with the user's opaque link token (the iduser query parameter).",
  body: z.object({
    id: z.string().trim().min(1).max(128),
    loginWithUrl: z.union([z.boolean(), z.literal(1), z.literal(0), z.string()]).optional(),
  }),
  answer: sessionUserSchema,
});

export const logout = defineRoute({
  method: 'POST',
  path: '/auth/logout',
  right: 'public',
  summary: 'End the session, if any, and clear its cookie.',
  answer: okSchema,
});

export const me = defineRoute({
  method: 'GET',
  path: '/auth/me',
  right: 'session',
  summary: 'The signed-in user of the session cookie.',
  answer: sessionUserSchema,
});

export const changePassword = defineRoute({
  method: 'PUT',
  path: '/auth/password',
  right: 'session',
  summary: 'Change one’s own password (not for Eleve and Enseignant).',
  body: passwordChangeSchema,
  answer: okSchema,
});

export const setLanguage = defineRoute({
  method: 'PUT',
  path: '/auth/language',
  right: 'session',
  summary: 'Keep the interface language one chose with one’s account, for the next sign-in anywhere.',
  body: z.object({ language: interfaceLanguageSchema }),
  answer: okSchema,
});

export const unlockAccount = defineRoute({
  method: 'POST',
  path: '/auth/unlock/:userId',
  right: { area: 'Table', level: 'Ecriture' },
  summary: 'Unlock an account locked by failed sign-ins (Administrateur only).',
  params: z.object({ userId: recordIdParamSchema }),
  answer: okSchema,
});

export const regenerateLinkToken = defineRoute({
  method: 'POST',
  path: '/auth/link-token/:userId',
  right: { area: 'FicheUser_profil', level: 'Ecriture' },
  summary: "Revoke a user's sign-in link and issue a new one.",
  params: z.object({ userId: recordIdParamSchema }),
  answer: z.object({ linkToken: z.string() }),
});
