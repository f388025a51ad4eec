import type { ColumnDefinition, School, SchoolUser, SessionUser } from '@console/contract';
import type { Ref } from 'react';
import { registerUsersGridModules } from '../grid/grid-modules';
import { SchoolUsersGrid } from '../grid/SchoolUsersGrid';
import type { UsersGridHandle } from '../users-view';

registerUsersGridModules();

export type UsersGridProps = {
  school: School & { users: SchoolUser[] };
  columns: ColumnDefinition[];
  user: SessionUser;
  onSelectionChange: (rows: SchoolUser[]) => void;
  onOpenUser: (id: number) => void;
  handleRef: Ref<UsersGridHandle>;
};

/**
 * The users grid (AG Grid Community). Another school mounts another grid: its saved layout is
 * read again (without the filters the school switch cleared) and the passwords shown are forgotten.
 */
export function UsersGrid(props: UsersGridProps) {
  return <SchoolUsersGrid key={props.school.informations.uai} {...props} />;
}
