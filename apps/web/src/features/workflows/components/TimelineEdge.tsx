import { IconFlag, IconPlayerPlay } from '@tabler/icons-react';
import classes from './WorkflowTimeline.module.css';

/** 'Début' or 'Fin' at either end of the timeline. */
export function TimelineEdge({ label, isEnd = false }: { label: string; isEnd?: boolean }) {
  const Icon = isEnd ? IconFlag : IconPlayerPlay;
  return (
    <div className={classes.edge}>
      <span className={classes.edgeMarker} aria-hidden>
        <Icon size={12} stroke={2} />
      </span>
      {label}
    </div>
  );
}
