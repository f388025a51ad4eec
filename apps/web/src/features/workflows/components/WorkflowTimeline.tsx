import type { workflows } from '@console/contract';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StepPill } from './StepPill';
import { TimelineEdge } from './TimelineEdge';
import classes from './WorkflowTimeline.module.css';

/** A step as the timeline shows it. */
export type TimelineStep = { name: string; status: workflows.DisplayedStatus; hasComment: boolean };

type WorkflowTimelineProps = {
  idPrefix: string;
  panelId: string;
  steps: TimelineStep[];
  selectedName: string;
  onSelect: (name: string) => void;
};

/** The id of a step's tab, for the detail panel's label. */
export function stepTabId(idPrefix: string, index: number): string {
  return `${idPrefix}-step-${index}`;
}

/**
 * 'Début', the ordered steps, 'Fin': a vertical tab list (arrows, Home and End move the
 * selection), the detail panel being the tab panel.
 */
export function WorkflowTimeline({ idPrefix, panelId, steps, selectedName, onSelect }: WorkflowTimelineProps) {
  const { t } = useTranslation();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, position: number) => {
    const last = steps.length - 1;
    const target = {
      ArrowDown: position === last ? 0 : position + 1,
      ArrowUp: position === 0 ? last : position - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const step = steps[target];
    if (!step) return;
    onSelect(step.name);
    buttons.current[target]?.focus();
  };

  return (
    <div className={classes.timeline}>
      <TimelineEdge label={t('workflow.start')} />
      <div role="tablist" aria-orientation="vertical" aria-label={t('workflow.steps_label')} className={classes.steps}>
        {steps.map((step, position) => (
          <StepPill
            key={step.name}
            id={stepTabId(idPrefix, position + 1)}
            panelId={panelId}
            index={position + 1}
            name={step.name}
            status={step.status}
            hasComment={step.hasComment}
            isSelected={step.name === selectedName}
            onSelect={() => onSelect(step.name)}
            onKeyDown={(event) => handleKeyDown(event, position)}
            buttonRef={(element) => {
              buttons.current[position] = element;
            }}
          />
        ))}
      </div>
      <TimelineEdge label={t('workflow.end')} isEnd />
    </div>
  );
}
