import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { environmentOf } from '#lib/environment';

// Filled shades with automatic text colour keep the badge text above a 4.5:1 contrast.
const COLORS = { local: 'gray.7', test: 'grape.8', preproduction: 'orange.5' } as const;

/** Says which environment this is, except in production (a host containing 'connect'). */
export function EnvironmentBadge({ hostname }: { hostname: string }) {
  const { t } = useTranslation();
  const environment = environmentOf(hostname);
  if (!environment) return null;
  return (
    <Badge color={COLORS[environment]} variant="filled" autoContrast size="lg" radius="sm" fullWidth>
      <VisuallyHidden>{t('environment.label')} </VisuallyHidden>
      {t(`environment.${environment}`)}
    </Badge>
  );
}
