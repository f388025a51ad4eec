import { registerUsersGridModules } from '../grid/grid-modules';
import { SchoolUsersGrid } from '../grid/SchoolUsersGrid';
import type { UsersGridProps } from '../users-view';

registerUsersGridModules();

/**
 * The users grid (AG Grid Community). Another school mounts another grid: its saved layout is
 * read again (without the filters the school switch cleared) and the passwords shown are forgotten.
 */
export function UsersGrid(props: UsersGridProps) {
  return <SchoolUsersGrid key={props.school.informations.uai} {...props} />;
}
