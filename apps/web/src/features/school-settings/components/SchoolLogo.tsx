import { files, type schoolSettings } from '@console/contract';
import { Box, Button, FileButton, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '#ui/notify-failure';
import { useReplaceLogo } from '../api';
import classes from './SchoolLogo.module.css';

type SchoolLogoProps = { uai: string; contact: schoolSettings.SchoolContact };

/**
 * The school's logo; an Administrateur (the server says `canReplaceLogo`) replaces it by an image
 * picked from the overlay shown on hover, or the button under it for the keyboard. The image goes
 * through the storage's upload ticket, its real type checked from its bytes.
 */
export function SchoolLogo({ uai, contact }: SchoolLogoProps) {
  const { t } = useTranslation();
  const replace = useReplaceLogo(uai);
  const canReplace = contact.abilities.canReplaceLogo;
  const pick = (file: File | null) => {
    if (!file) return;
    replace.mutate(file, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('school_settings.contact.logo_sent') }),
      onError: (error) => notifyFailure(error, t),
    });
  };
  const picture = contact.logoUrl ? (
    <Image
      src={contact.logoUrl}
      alt={t('school_settings.contact.logo_of', { name: contact.name })}
      w={140}
      h={140}
      fit="contain"
    />
  ) : (
    <Stack w={140} h={140} align="center" justify="center" gap={4} className={classes.empty}>
      <IconPhoto aria-hidden size={32} />
      <Text size="xs">{t('school_settings.contact.no_logo')}</Text>
    </Stack>
  );
  if (!canReplace) return picture;
  return (
    <Stack gap="xs" align="center">
      <FileButton accept={files.IMAGE_TYPES.join(',')} onChange={pick}>
        {(props) => (
          <Box className={classes.frame}>
            {picture}
            {/* The hover overlay opens the same picker as the button; the button is the keyboard's way. */}
            <Box {...props} className={classes.overlay} aria-hidden>
              {t('school_settings.contact.replace_logo')}
            </Box>
          </Box>
        )}
      </FileButton>
      <FileButton accept={files.IMAGE_TYPES.join(',')} onChange={pick}>
        {(props) => (
          <Button {...props} size="xs" variant="default" loading={replace.isPending}>
            {t('school_settings.contact.replace_logo')}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
