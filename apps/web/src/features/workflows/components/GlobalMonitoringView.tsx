import type { SessionUser } from '@console/contract';
import { EmptyView } from '../../../app/views/EmptyView';

/** The global monitoring grid of every school's workflow (spec 1 §2). */
export function GlobalMonitoringView(_props: { user: SessionUser }) {
  return <EmptyView view="global_monitoring" />;
}
