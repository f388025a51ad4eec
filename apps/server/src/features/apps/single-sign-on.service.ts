import { createSingleSignOnToken } from '#adapters/sso/signed-token.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import { AppError } from '#platform/errors/app-error.js';

export type SignOnSite = 'support' | 'catalogue';

/** The query parameter carrying the token on the site's address. */
export const SIGN_ON_TOKEN_PARAMETER = 'token';

/**
 * The address of the support or catalogue site with a signed, short-lived token of the caller
 * (HS256 JWT, SSO_TTL_SECONDS). Throws `service_unavailable` (sso_not_configured) when the site or
 * the secret is not configured, `bad_request` (email_required) for a caller without e-mail, as
 * the sites know people by e-mail.
 */
export function createSignOnUrl(ctx: ServiceContext, site: SignOnSite): string {
  const siteUrl = site === 'support' ? ctx.env.SUPPORT_SSO_URL : ctx.env.CATALOGUE_SSO_URL;
  const secret = ctx.env.SSO_SECRET;
  if (!siteUrl || !secret)
    throw new AppError('service_unavailable', 'Single sign-on is not configured on this server', {
      reason: 'sso_not_configured',
    });
  const email = ctx.actor.email?.trim();
  if (!email)
    throw new AppError('bad_request', 'Single sign-on needs an e-mail address on the account', { reason: 'email_required' });
  const token = createSingleSignOnToken(
    {
      userId: ctx.actor.id,
      email,
      name: editorLabel(ctx.actor),
      profile: ctx.actor.profile,
      uai: ctx.actor.uai,
      audience: site,
    },
    { secret, ttlSeconds: ctx.env.SSO_TTL_SECONDS },
  );
  const url = new URL(siteUrl);
  url.searchParams.set(SIGN_ON_TOKEN_PARAMETER, token);
  return url.toString();
}
