import type { SessionUser } from '@console/contract';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
  type AnyRoute,
  type RouterHistory,
} from '@tanstack/react-router';
import { ShellLayout } from '../shell/ShellLayout';
import { isSchoolView, VIEWS, type View } from '../views/views';
import { ACCOUNT_ADDRESS, addressOf, SCHOOL_SETTINGS_WITHOUT_SCHOOL, startAddressOf, VIEW_SEGMENTS } from './addresses';

declare module '@tanstack/react-router' {
  // Declaration merging, the router's way of typing a route's static data, needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface StaticDataRouteOption {
    /** The view an address shows; the place is read from it and the address's parameters. */
    view?: View;
    /** The own page of a pupil or teacher (`/account`), which no one else opens. */
    isAccount?: boolean;
  }
}

export type RouterContext = { user: SessionUser };

/**
 * The console's addresses (code-based TanStack Router, no generated files), built from one table
 * of views; the shell reads the place itself (useAddressPlace.ts). Routes carry no component: the shell shows the view of the place they name
 * (ShellLayout, the router's `InnerWrap`), so that the view value stays the model and the address
 * mirrors it. Wrapping the matches rather than being the root route's component keeps the shell
 * out of the suspense a navigation goes through: the views stay mounted from one address to the
 * next (the users grid under a user's page, with its selection).
 */
const rootRoute = createRootRouteWithContext<RouterContext>()();

const viewRoute = (parent: AnyRoute, path: string, view: View, isAccount = false) =>
  createRoute({ getParentRoute: () => parent, path, staticData: { view, isAccount } });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    throw redirect({ to: startAddressOf(context.user), replace: true });
  },
});

const schoolRoute = createRoute({ getParentRoute: () => rootRoute, path: 'schools/$uai' });
const schoolIndexRoute = createRoute({
  getParentRoute: () => schoolRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: addressOf({ view: 'users', uai: params.uai }), replace: true });
  },
});

const PLATFORM_VIEWS = VIEWS.filter((view) => !isSchoolView(view));
const SCHOOL_VIEWS = VIEWS.filter(isSchoolView);

const routeTree = rootRoute.addChildren([
  indexRoute,
  viewRoute(rootRoute, ACCOUNT_ADDRESS.slice(1), 'users', true),
  ...PLATFORM_VIEWS.map((view) => viewRoute(rootRoute, VIEW_SEGMENTS[view], view)),
  viewRoute(rootRoute, `${VIEW_SEGMENTS.config}/$tab`, 'config'),
  ...SCHOOL_VIEWS.map((view) =>
    viewRoute(rootRoute, view === 'params' ? SCHOOL_SETTINGS_WITHOUT_SCHOOL : VIEW_SEGMENTS[view], view),
  ),
  schoolRoute.addChildren([
    schoolIndexRoute,
    ...SCHOOL_VIEWS.map((view) => viewRoute(schoolRoute, VIEW_SEGMENTS[view], view)),
    viewRoute(schoolRoute, `${VIEW_SEGMENTS.users}/$userId`, 'users'),
    viewRoute(schoolRoute, `${VIEW_SEGMENTS.params}/$tab`, 'params'),
  ]),
]);

/** The query as written, each value a string (a repeated name a list): never read as JSON. */
function parseQuery(searchStr: string): Record<string, string | string[]> {
  const params = new URLSearchParams(searchStr);
  const search: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    search[name] = values.length === 1 ? values[0]! : values;
  }
  return search;
}

/** The query of `parseQuery`'s answer, as it was: the users grid's filters stay short and readable. */
function stringifyQuery(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    for (const each of Array.isArray(value) ? value : [value]) if (each !== undefined) params.append(name, String(each));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The router of one signed-in session; the browser's history unless told (tests). */
export function createConsoleRouter(user: SessionUser, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { user },
    history,
    InnerWrap: ShellLayout,
    parseSearch: parseQuery,
    stringifySearch: stringifyQuery,
    defaultNotFoundComponent: () => null,
  });
}

export type ConsoleRouter = ReturnType<typeof createConsoleRouter>;
