import { isAccountHolderProfile, type SessionUser } from '@console/contract';
import { lazy, Suspense } from 'react';
import { MonitoringViewSkeleton } from '#features/workflows/components/MonitoringViewSkeleton';
import { EmptyView } from './EmptyView';
import { LoadingBlock } from '#ui/LoadingBlock';
import type { Place, View } from './views';

// Each view loads its own chunk (charts, tables), never with the sign-in screen.
const OverviewView = lazy(() =>
  import('#features/overview/components/OverviewView').then((module) => ({ default: module.OverviewView })),
);
const DashboardView = lazy(() =>
  import('#features/dashboard/components/DashboardView').then((module) => ({ default: module.DashboardView })),
);
const UsersView = lazy(() => import('#features/users/components/UsersView').then((module) => ({ default: module.UsersView })));
const OwnUserPage = lazy(() =>
  import('#features/users/components/OwnUserPage').then((module) => ({ default: module.OwnUserPage })),
);

const MonitoringView = lazy(() =>
  import('#features/workflows/components/MonitoringView').then((module) => ({ default: module.MonitoringView })),
);
const GlobalMonitoringView = lazy(() =>
  import('#features/workflows/components/GlobalMonitoringView').then((module) => ({ default: module.GlobalMonitoringView })),
);
const ImportView = lazy(() =>
  import('#features/imports/components/ImportView').then((module) => ({ default: module.ImportView })),
);
const SchoolSettingsView = lazy(() =>
  import('#features/school-settings/components/SchoolSettingsView').then((module) => ({ default: module.SchoolSettingsView })),
);
const ConfigView = lazy(() =>
  import('#features/settings/components/ConfigView').then((module) => ({ default: module.ConfigView })),
);
const DocumentManagerView = lazy(() =>
  import('#features/documents/components/DocumentManagerView').then((module) => ({ default: module.DocumentManagerView })),
);
const NotificationsView = lazy(() =>
  import('#features/notifications/components/NotificationsView').then((module) => ({ default: module.NotificationsView })),
);

type ViewSwitchProps = { place: Place; user: SessionUser };

/** The main view of a place: its view value, for its school (`place.uai`, the active school). */
export function ViewSwitch({ place, user }: ViewSwitchProps) {
  const { view } = place;
  const activeSchoolUai = place.uai ?? null;
  if (view === 'users' && isAccountHolderProfile(user.profile)) {
    return (
      <Suspense fallback={<LoadingBlock />}>
        <OwnUserPage user={user} />
      </Suspense>
    );
  }
  if (view === 'import' && !activeSchoolUai) return <EmptyView view={view} messageKey="imports.no_school" />;
  if (view === 'params' && !activeSchoolUai) return <EmptyView view={view} messageKey="school_settings.no_school" />;
  if ((view === 'users' || view === 'dashboard' || view === 'monitoring') && !activeSchoolUai)
    return <EmptyView view={view} messageKey="views.no_school" />;
  return <Suspense fallback={fallbackOf(view)}>{renderView(view, user, activeSchoolUai)}</Suspense>;
}

/** What shows while a view's chunk loads: the tracker's skeleton for monitoring (spec 1 §2), a loader otherwise. */
function fallbackOf(view: View) {
  return view === 'monitoring' ? <MonitoringViewSkeleton /> : <LoadingBlock />;
}

function renderView(view: View, user: SessionUser, activeSchoolUai: string | null) {
  switch (view) {
    case 'overview':
      return <OverviewView user={user} />;
    case 'dashboard':
      return <DashboardView uai={activeSchoolUai!} />;
    case 'monitoring':
      return <MonitoringView uai={activeSchoolUai!} user={user} />;
    case 'global_monitoring':
      return <GlobalMonitoringView user={user} />;
    case 'users':
      return <UsersView uai={activeSchoolUai!} user={user} />;
    case 'config':
      return <ConfigView user={user} />;
    case 'document_manager':
      return <DocumentManagerView user={user} />;
    case 'notifications':
      return <NotificationsView user={user} />;
    case 'import':
      return <ImportView uai={activeSchoolUai!} user={user} />;
    case 'params':
      return <SchoolSettingsView uai={activeSchoolUai!} user={user} />;
    default:
      return <EmptyView view={view} />;
  }
}
