import { lazy, Suspense } from 'react';
import { SupportAlerts } from '#features/alerts/components/SupportAlerts';
import { useSession } from '#features/auth/api';
import { SessionPlaceholder } from '#features/auth/components/SessionPlaceholder';
import { SignInScreen } from '#features/auth/components/SignInScreen';

// The signed-in shell is a separate chunk: the sign-in page must stay light (≤ 150 KiB gzip).
const SignedInShell = lazy(() => import('./shell/SignedInShell').then((module) => ({ default: module.SignedInShell })));

/** Restores the session, then shows the sign-in screen or the signed-in shell, above the alerts strip. */
export function SessionGate() {
  const session = useSession();

  let screen;
  if (session.isPending) screen = <SessionPlaceholder />;
  else if (session.data) {
    screen = (
      <Suspense fallback={<SessionPlaceholder />}>
        <SignedInShell user={session.data} />
      </Suspense>
    );
  } else screen = <SignInScreen />;

  return (
    <>
      {screen}
      <SupportAlerts />
    </>
  );
}
