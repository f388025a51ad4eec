import { EmptyView } from '../../../app/views/EmptyView';

/** The active school's dashboard (spec 3 §2.6). */
export function DashboardView(_props: { uai: string }) {
  return <EmptyView view="dashboard" />;
}
