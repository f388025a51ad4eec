import { Avatar } from '@mantine/core';
import classes from './ApplicationIcon.module.css';

/**
 * An application's picture, decorative (its name is written beside it); the application's initial
 * when it has none or when the picture does not load. The initial is drawn by CSS rather than
 * written: in a checkbox's label, a written "E" before "Edulib" made "EEdulib" for tools that read
 * a label's text despite aria-hidden.
 */
export function ApplicationIcon({
  name,
  picturePath,
  size = 20,
}: {
  name: string;
  picturePath: string | undefined;
  size?: number;
}) {
  return (
    <Avatar src={picturePath ?? null} alt="" size={size} radius="sm" color="ocean" variant="light" aria-hidden>
      <span className={classes.initial} data-initial={name.charAt(0).toUpperCase()} />
    </Avatar>
  );
}
