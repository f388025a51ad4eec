import type { Alert as SupportAlert } from '@console/contract';
import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconAlertOctagon } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './AlertsStrip.module.css';

const COLORS: Record<SupportAlert['type'], string> = { info: 'blue', warning: 'orange', danger: 'red' };
const ICONS = { info: IconInfoCircle, warning: IconAlertTriangle, danger: IconAlertOctagon } as const;

/** The fixed strip of dismissible support alerts at the bottom of the screen. */
export function AlertsStrip({ alerts }: { alerts: readonly SupportAlert[] }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());

  const shown = alerts.map((alert, index) => ({ alert, index })).filter(({ index }) => !dismissed.has(index));
  if (shown.length === 0) return null;

  return (
    <section className={classes.strip} aria-label={t('alerts.region')}>
      <Stack gap={6}>
        {shown.map(({ alert, index }) => {
          const Icon = ICONS[alert.type];
          return (
            <Alert
              key={index}
              role="status"
              color={COLORS[alert.type]}
              variant="light"
              icon={<Icon size={18} aria-hidden />}
              withCloseButton
              closeButtonLabel={t('alerts.close')}
              onClose={() => setDismissed((previous) => new Set(previous).add(index))}
              className={classes.alert}
            >
              {alert.label}
            </Alert>
          );
        })}
      </Stack>
    </section>
  );
}
