import { Avatar } from '@mantine/core';

/**
 * An application's picture, decorative (its name is written beside it); the application's initial
 * when it has none or when the picture does not load.
 */
export function ApplicationIcon({ name, picturePath, size = 20 }: { name: string; picturePath: string | undefined; size?: number }) {
  return (
    <Avatar src={picturePath ?? null} alt="" size={size} radius="sm" color="ocean" variant="light" aria-hidden>
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}
