import { lazy, Suspense } from 'react';
import { useAlerts } from '../api';

// Alerts are rare: the strip and its icons load only when there is one, off the sign-in bundle.
const AlertsStrip = lazy(() => import('./AlertsStrip').then((module) => ({ default: module.AlertsStrip })));

/** The support host's alerts, if any; a failure to fetch them shows nothing (spec 1 §1). */
export function SupportAlerts() {
  const { data } = useAlerts();
  if (!data || data.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <AlertsStrip alerts={data} />
    </Suspense>
  );
}
