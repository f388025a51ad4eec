/**
 * A school's deployment information (spec 1 §3, spec 2 §2.11) holds secrets: the EcoleDirecte API
 * key, the Wi-Fi password and the ASM server's password. An answer that only reads the school (the
 * school, the deployment list) carries, in place of each, whether it is set; the secret itself
 * reaches only the settings card where someone with the right to edit it edits it.
 */

/** Each secret of a deployment, and the flag an answer carries instead. */
export const DEPLOYMENT_SECRETS = {
  ecoleDirecteApiKey: 'hasEcoleDirecteApiKey',
  depPassword: 'hasDepPassword',
} as const;

/** The secret of the ASM server settings (`deployment.asmInformations`), and its flag. */
export const ASM_SECRETS = { sftpPassword: 'hasSftpPassword' } as const;

const isSet = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null);

function withFlags(values: Record<string, unknown>, secrets: Readonly<Record<string, string>>): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) if (!(key in secrets)) shown[key] = value;
  for (const [secret, flag] of Object.entries(secrets)) shown[flag] = isSet(values[secret]);
  return shown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A deployment as a read answers it: each secret replaced by whether it is set. */
export function deploymentWithoutSecrets(deployment: Record<string, unknown>): Record<string, unknown> {
  const shown = withFlags(deployment, DEPLOYMENT_SECRETS);
  if (isRecord(deployment.asmInformations)) shown.asmInformations = withFlags(deployment.asmInformations, ASM_SECRETS);
  return shown;
}
