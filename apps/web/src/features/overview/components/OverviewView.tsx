import type { SessionUser } from '@console/contract';
import { EmptyView } from '../../../app/views/EmptyView';

/** The Administrateur's start view (spec 1 §2 Overview). */
export function OverviewView(_props: { user: SessionUser }) {
  return <EmptyView view="overview" />;
}
