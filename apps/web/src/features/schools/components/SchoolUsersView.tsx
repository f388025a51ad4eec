import type { SessionUser } from '@console/contract';
import { EmptyView } from '../../../app/views/EmptyView';

/** The users view of the active school (the grid comes with the users issue). */
export function SchoolUsersView(_props: { uai: string; user: SessionUser }) {
  return <EmptyView view="users" />;
}
