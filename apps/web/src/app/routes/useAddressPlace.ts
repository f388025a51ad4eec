import { useRouter, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { placeOfMatch, type ReadPlace } from './addresses';

/** What the address says: its place (null for an unknown address), or that it is on its way to another one. */
export type AddressReading = { read: ReadPlace; isRedirecting: boolean };

/**
 * The place the browser's address names, read from the address itself by the router's matching,
 * at once: the router's matches follow a navigation a little later (they load), and a view read
 * from them would flicker away and back, losing what it held (the users grid's selection).
 */
export function useAddressPlace(): AddressReading {
  const router = useRouter();
  const location = useRouterState({ select: (state) => state.location });
  return useMemo(() => {
    const [, params, route] = router.getMatchedRoutes(location.pathname);
    const staticData = route?.options.staticData ?? {};
    const read = placeOfMatch(route && { staticData, params });
    // `/` and `/schools/{uai}` name no view: their route sends to one (beforeLoad).
    const isRedirecting = !read && route !== undefined && params['**'] === undefined && route.options.beforeLoad !== undefined;
    const query = location.searchStr.replace(/^\?/, '');
    return { read: read && query ? { ...read, place: { ...read.place, query } } : read, isRedirecting };
  }, [router, location]);
}
