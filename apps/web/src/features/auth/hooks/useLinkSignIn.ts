import type { SessionUser } from '@console/contract';
import { useEffect, useRef, useState } from 'react';
import { useSignInWithLink } from '../api';

export const LINK_SIGN_IN_DELAY_MS = 600;
const LINK_PARAMETER = 'iduser';

function removeLinkParameter(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete(LINK_PARAMETER);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

type LinkSignInHandlers = {
  onSuccess: (user: SessionUser) => void;
  onError: (error: unknown) => void;
};

/**
 * Signs in by link when the page URL carries ?iduser=, 600 ms after the screen shows. The
 * parameter is removed from the URL afterwards, on failure as the spec asks and on success too,
 * so that a later sign-out does not sign the same person in again.
 */
export function useLinkSignIn({ onSuccess, onError }: LinkSignInHandlers): { isPending: boolean } {
  const [token] = useState(() => new URLSearchParams(window.location.search).get(LINK_PARAMETER));
  const signInWithLink = useSignInWithLink();
  const handlers = useRef({ onSuccess, onError });
  useEffect(() => {
    handlers.current = { onSuccess, onError };
  });
  const { mutate } = signInWithLink;

  useEffect(() => {
    if (!token) return;
    const timer = window.setTimeout(() => {
      mutate(token, {
        onSuccess: (user) => {
          removeLinkParameter();
          handlers.current.onSuccess(user);
        },
        onError: (error) => {
          removeLinkParameter();
          handlers.current.onError(error);
        },
      });
    }, LINK_SIGN_IN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [token, mutate]);

  return { isPending: Boolean(token) && !signInWithLink.isSuccess && !signInWithLink.isError };
}
