import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';

/**
 * A component that uses the router's links and hooks, rendered at an address of a router of its
 * own (memory history). Awaited: the router has matched the address when it resolves, so the
 * component shows at once.
 */
export async function inRouter(ui: ReactElement, address = '/'): Promise<ReactElement> {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [address] }) });
  await router.load();
  return <RouterProvider router={router} />;
}
