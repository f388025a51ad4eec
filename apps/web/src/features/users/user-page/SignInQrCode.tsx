import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { signInLinkOf } from './identity';
import { drawQrCode } from './qr-code';

/** The QR code of the account's sign-in link, drawn as vector squares (no image to load). */
export function SignInQrCode({ qrCode, size = 160 }: { qrCode: string; size?: number }) {
  const { t } = useTranslation();
  const drawing = useMemo(() => drawQrCode(signInLinkOf(qrCode)), [qrCode]);
  return (
    <Stack gap={4} align="center">
      <svg
        role="img"
        aria-label={t('users.page.profile.qr_code')}
        width={size}
        height={size}
        viewBox={`0 0 ${drawing.size} ${drawing.size}`}
        shapeRendering="crispEdges"
      >
        <rect width={drawing.size} height={drawing.size} fill="#fff" />
        <path d={drawing.path} fill="#000" />
      </svg>
      <Text size="xs" c="dimmed" ta="center" maw={size}>
        {t('users.page.profile.qr_code_hint')}
      </Text>
    </Stack>
  );
}
