import { Loader, NavLink, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBook2, IconExternalLink, IconHeadset } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOnUrl, type SignOnSite } from '#features/apps/api';
import { notifyFailure } from '#ui/notify-failure';

/** Long labels wrap: keep their lines close together (as the other entries). */
const NAV_LINK_STYLES = { body: { lineHeight: 1.3 } };

const ICONS = { support: IconHeadset, catalogue: IconBook2 } as const;

/** Only web addresses are opened: anything else in the answer is treated as a failure. */
function isWebAddress(url: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

type SignOnMenuEntryProps = { site: SignOnSite; isDisabled: boolean };

/**
 * The support or catalogue entry: asks the server for a single-sign-on address and opens it in a
 * new tab; a failure shows the generic error toast (spec 1 §8). Disabled, with a tooltip saying
 * why, for a user without e-mail.
 */
export function SignOnMenuEntry({ site, isDisabled }: SignOnMenuEntryProps) {
  const { t } = useTranslation();
  const descriptionId = useId();
  const signOn = useSignOnUrl(site);
  const SiteIcon = ICONS[site];

  if (isDisabled) {
    const reason = t('shell.needs_email');
    return (
      <>
        <Tooltip label={reason} position="right" withArrow events={{ hover: true, focus: true, touch: true }}>
          <NavLink
            styles={NAV_LINK_STYLES}
            component="button"
            type="button"
            label={t(`menu.${site}`)}
            leftSection={<SiteIcon size={18} stroke={1.6} aria-hidden />}
            aria-disabled
            aria-describedby={descriptionId}
            data-disabled
            // Mantine's disabled style drops pointer events, which would hide the tooltip saying why.
            style={{ pointerEvents: 'auto', cursor: 'not-allowed' }}
            onClick={(event) => event.preventDefault()}
          />
        </Tooltip>
        <span id={descriptionId} hidden>
          {reason}
        </span>
      </>
    );
  }

  const showFailure = () => notifications.show({ color: 'red', message: t('global.errors.occurred') });
  const handleClick = () => {
    if (signOn.isPending) return;
    signOn.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (isWebAddress(url)) window.open(url, '_blank', 'noopener');
        else showFailure();
      },
      onError: (error) => notifyFailure(error, t),
    });
  };

  return (
    <NavLink
      styles={NAV_LINK_STYLES}
      component="button"
      type="button"
      label={
        <>
          {t(`menu.${site}`)}
          <VisuallyHidden> {t('shell.opens_new_tab')}</VisuallyHidden>
        </>
      }
      leftSection={<SiteIcon size={18} stroke={1.6} aria-hidden />}
      rightSection={signOn.isPending ? <Loader size={14} aria-hidden /> : <IconExternalLink size={14} stroke={1.6} aria-hidden />}
      aria-busy={signOn.isPending || undefined}
      onClick={handleClick}
    />
  );
}
