import type { SessionUser } from '@console/contract';
import { CloseButton, Paper } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkflowTracker } from './WorkflowTracker';

type SchoolWorkflowPanelProps = { uai: string; name: string | null; user: SessionUser; onClose: () => void };

/** A school's tracker above the global grid; Escape or the close button closes it. */
export function SchoolWorkflowPanel({ uai, name, user, onClose }: SchoolWorkflowPanelProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    panel.current?.focus({ preventScroll: true });
  }, [uai]);

  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // Escape in a dialog (a confirmation) or a grid popup closes that, not the panel.
    if (event.target instanceof Element && event.target.closest('[role="dialog"], .ag-popup')) return;
    onClose();
  });

  return (
    <Paper
      ref={panel}
      withBorder
      radius="md"
      p="lg"
      shadow="sm"
      role="region"
      aria-label={t('global_monitoring.panel_label', { name: name ?? uai })}
      tabIndex={-1}
      style={{ outlineOffset: 2, scrollMarginTop: 76 }}
    >
      <WorkflowTracker
        key={uai}
        uai={uai}
        user={user}
        schoolName={name}
        headerAction={<CloseButton size="lg" aria-label={t('global_monitoring.close_panel')} onClick={onClose} />}
      />
    </Paper>
  );
}
