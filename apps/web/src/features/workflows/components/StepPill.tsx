import type { workflows } from '@console/contract';
import { IconMessageCircle } from '@tabler/icons-react';
import type { CSSProperties, KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { appearanceOf, colorVariable } from '../status-appearance';
import classes from './WorkflowTimeline.module.css';

/** A step not needed reads struck through. */
const NOT_NEEDED_STYLE: CSSProperties = { textDecoration: 'line-through', color: 'var(--mantine-color-dimmed)' };

type StepPillProps = {
  id: string;
  panelId: string;
  index: number;
  name: string;
  status: workflows.DisplayedStatus;
  hasComment: boolean;
  isSelected: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  buttonRef?: Ref<HTMLButtonElement>;
};

/**
 * One step of the timeline: a pill coloured by its displayed status with its index and name,
 * struck through when not needed, a comment icon when it has a comment. A tab of the timeline.
 */
export function StepPill({
  id,
  panelId,
  index,
  name,
  status,
  hasComment,
  isSelected,
  onSelect,
  onKeyDown,
  buttonRef,
}: StepPillProps) {
  const { t } = useTranslation();
  const appearance = appearanceOf(status);
  const label = t('workflow.step_label', { index, name, state: t(`workflow.states.${appearance.key}`) });
  const style = {
    '--pill-fill': colorVariable(appearance.fill),
    '--pill-text': colorVariable(appearance.text),
    '--pill-tint': colorVariable(appearance.tint),
    '--pill-border': colorVariable(appearance.border),
  } as CSSProperties;

  return (
    <button
      ref={buttonRef}
      type="button"
      role="tab"
      id={id}
      aria-selected={isSelected}
      aria-controls={panelId}
      aria-label={hasComment ? `${label}, ${t('workflow.has_comment')}` : label}
      tabIndex={isSelected ? 0 : -1}
      className={classes.pill}
      style={style}
      data-status={appearance.key}
      onClick={onSelect}
      onKeyDown={onKeyDown}
    >
      <span className={classes.index} aria-hidden>
        {index}
      </span>
      {/* Not drawn in the flex pill, but it keeps "1 Liste des manuels" two words in the visible
          text that WCAG 2.5.3 (label in name) compares with the accessible name; without it,
          "1Liste". */}{' '}
      <span className={classes.name} style={status === 5 ? NOT_NEEDED_STYLE : undefined}>
        {name}
      </span>
      {hasComment && <IconMessageCircle className={classes.commentIcon} size={16} stroke={1.8} aria-hidden />}
    </button>
  );
}
