import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '#test/users';
import type { Place } from '../views/views';
import { addressOf, isStillAt, placeOfMatch, startAddressOf } from './addresses';
import { createConsoleRouter } from './router';

const router = createConsoleRouter(buildSessionUser('Administrateur'), createMemoryHistory());

/** The place the console's router reads from an address, as the shell does. */
function placeAt(address: string) {
  const [, params, route] = router.getMatchedRoutes(address);
  return placeOfMatch(route && { staticData: route.options.staticData ?? {}, params });
}

const PLACES: [Place, string][] = [
  [{ view: 'overview' }, '/overview'],
  [{ view: 'global_monitoring' }, '/monitoring'],
  [{ view: 'config' }, '/settings'],
  [{ view: 'config', tab: 'regex' }, '/settings/regex'],
  [{ view: 'document_manager' }, '/documents'],
  [{ view: 'notifications' }, '/notifications'],
  [{ view: 'users', uai: '0693284V' }, '/schools/0693284V/users'],
  [{ view: 'users', uai: '0693284V', userId: 68 }, '/schools/0693284V/users/68'],
  [{ view: 'dashboard', uai: '0693284V' }, '/schools/0693284V/dashboard'],
  [{ view: 'monitoring', uai: '0693284V' }, '/schools/0693284V/deployment'],
  [{ view: 'params', uai: '0693284V' }, '/schools/0693284V/settings'],
  [{ view: 'params', uai: '0693284V', tab: 'platforms' }, '/schools/0693284V/settings/platforms'],
  [{ view: 'import', uai: '0693284V' }, '/schools/0693284V/import'],
  [{ view: 'users', uai: null }, '/users'],
  [{ view: 'import', uai: null }, '/import'],
  [{ view: 'dashboard', uai: null }, '/dashboard'],
  [{ view: 'monitoring', uai: null }, '/deployment'],
  [{ view: 'params', uai: null }, '/school-settings'],
];

describe('addresses', () => {
  it.each(PLACES)('writes %o as %s, which the router reads back as the same place', (place, address) => {
    expect(addressOf(place)).toBe(address);
    expect(placeAt(address)).toEqual({
      place: { uai: null, userId: null, tab: null, ...place },
      isAccount: false,
    });
  });

  it("keeps a query as it was written: the grid's filters stay readable", async () => {
    const memory = createConsoleRouter(buildSessionUser('Administrateur'), createMemoryHistory());
    const query = 'lastname=bern&option1=Latin&option1=Grec+ancien&email.blank=&disabled=0&id=12&sort=lastname%2C-createdOn';
    await memory.navigate({ href: `/schools/0693284V/users?${query}` });
    expect(memory.state.location.pathname).toBe('/schools/0693284V/users');
    expect(memory.state.location.searchStr).toBe(`?${query}`);
  });

  it('knows at once that the user has left a view, before the next one is drawn', async () => {
    const memory = createConsoleRouter(buildSessionUser('Administrateur'), createMemoryHistory());
    await memory.navigate({ href: '/schools/0693284V/users?disabled=0' });
    const users: Place = { view: 'users', uai: '0693284V' };
    expect(isStillAt(memory, users)).toBe(true);
    // A menu entry clicked: the users grid, still drawn while the next view loads, may not write its address any more.
    const leaving = memory.navigate({ href: '/schools/0693284V/deployment' });
    expect(isStillAt(memory, users)).toBe(false);
    await leaving;
    expect(isStillAt(memory, { view: 'monitoring', uai: '0693284V' })).toBe(true);
    expect(isStillAt(memory, { ...users, userId: 12 })).toBe(false);
  });

  it('reads a school in lower case as its UAI', () => {
    expect(placeAt('/schools/0693284v/users/68')?.place).toEqual({ view: 'users', uai: '0693284V', userId: 68, tab: null });
  });

  it('reads the own page of a pupil or teacher', () => {
    expect(placeAt('/account')).toEqual({ place: { view: 'users', uai: null, userId: null, tab: null }, isAccount: true });
  });

  it.each([
    '/nowhere',
    '/schools/0693284V/users/abc',
    '/schools/0693284V/users/0',
    '/schools/0693284V/elsewhere',
    '/settings/a/b',
  ])('reads no place at %s', (address) => {
    expect(placeAt(address)).toBeNull();
  });

  it('starts each profile where the spec says: the overview, their school, the choice of a school, their own page', () => {
    expect(startAddressOf(buildSessionUser('Administrateur'))).toBe('/overview');
    expect(startAddressOf(buildSessionUser('Administrateur établissement', { uai: '0750001A' }))).toBe('/schools/0750001A/users');
    expect(startAddressOf(buildSessionUser('Gestionnaire', { uai: null }))).toBe('/users');
    expect(startAddressOf(buildSessionUser('Eleve'))).toBe('/account');
    expect(startAddressOf(buildSessionUser('Enseignant'))).toBe('/account');
  });
});
