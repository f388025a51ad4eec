import type { SessionUser } from '@console/contract';
import { useEffect, useState } from 'react';
import { useEnterSession } from '../api';
import { SignInForm } from './SignInForm';
import { SignInLayout } from './SignInLayout';

export const SIGN_IN_FADE_MS = 400;

/** The sign-in page: after success the button turns green, the card fades, then the app signs in. */
export function SignInScreen() {
  const enterSession = useEnterSession();
  const [signedInUser, setSignedInUser] = useState<SessionUser | null>(null);

  useEffect(() => {
    if (!signedInUser) return;
    const timer = window.setTimeout(() => enterSession(signedInUser), SIGN_IN_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [signedInUser, enterSession]);

  const cardStyle = {
    transition: `opacity ${SIGN_IN_FADE_MS}ms ease`,
    opacity: signedInUser ? 0 : 1,
  };

  return (
    <SignInLayout cardStyle={cardStyle}>
      <SignInForm onSuccess={setSignedInUser} isSucceeded={signedInUser !== null} />
    </SignInLayout>
  );
}
