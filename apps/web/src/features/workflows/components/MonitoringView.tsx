import type { SessionUser } from '@console/contract';
import { EmptyView } from '../../../app/views/EmptyView';

/** The active school's workflow tracker (spec 1 §2). */
export function MonitoringView(_props: { uai: string; user: SessionUser }) {
  return <EmptyView view="monitoring" />;
}
