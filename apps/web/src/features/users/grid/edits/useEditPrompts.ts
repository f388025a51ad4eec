import type { ProfileName, SchoolApplication, SchoolPlatform } from '@console/contract';
import { useState } from 'react';
import type { UsersGridRow } from '../grid-rows';

/** A profile change waiting for the e-mail a manager or school administrator must have. */
export type EmailPrompt = { row: UsersGridRow; name: string; profile: ProfileName; error: string | null };

/** An application being enabled, waiting for its credentials. */
export type CredentialsPrompt = {
  row: UsersGridRow;
  colId: string;
  application: SchoolApplication;
  platform: SchoolPlatform | undefined;
  /** The code stored for the user, shown first. */
  code: string | null;
};

/**
 * The edits waiting for a modal: a profile that needs an e-mail first, an application whose code
 * is required. The only React state of the grid's edits (the rows and the query cache hold the rest).
 */
export function useEditPrompts() {
  const [emailPrompt, setEmailPrompt] = useState<EmailPrompt | null>(null);
  const [credentialsPrompt, setCredentialsPrompt] = useState<CredentialsPrompt | null>(null);
  return {
    emailPrompt,
    askEmail: (prompt: Omit<EmailPrompt, 'error'>) => setEmailPrompt({ ...prompt, error: null }),
    /** The refusal shown in the e-mail prompt, while it is still open. */
    refuseEmail: (error: string) => setEmailPrompt((current) => (current ? { ...current, error } : current)),
    closeEmail: () => setEmailPrompt(null),
    credentialsPrompt,
    askCredentials: setCredentialsPrompt,
    closeCredentials: () => setCredentialsPrompt(null),
  };
}
