import { describe, expect, it } from 'vitest';
import { applicationUpdateSchema, INVALID_APP_LINK, INVALID_WEB_LINK, isValidAppLink, isValidWebLink } from './applications.js';

describe('application links', () => {
  it.each([
    ['', true],
    ['https://play.google.com/store/apps/details?id=fr.edulib', true],
    ['http://intranet.exemple.fr/app.exe', true],
    ['edulib://login', false],
    ['javascript:alert(1)', false],
    ['www.exemple.fr', false],
  ])('web link %j is %s', (value, expected) => expect(isValidWebLink(value)).toBe(expected));

  it.each([
    ['', true],
    ['edulib://login', true],
    ['https://edulib.fr/ouvrir', true],
    ['com.hachette.manuels:open', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    ['data:text/html,x', false],
    ['file:///etc/passwd', false],
    ['sans schéma', false],
  ])('app link %j is %s', (value, expected) => expect(isValidAppLink(value)).toBe(expected));
});

const URLS = {
  picturePath: '/files/applications/edulib.png',
  dmgLink: '',
  exeLink: '',
  playStore: 'https://play.google.com/store/apps/details?id=fr.edulib',
  appStore: 'https://apps.apple.com/fr/app/edulib',
  urlScheme: 'edulib://login',
  urlClean: '',
  urlOpen: '',
  urlLine: 'https://edulib.fr/connexion',
};
const APPLICATION = {
  idApplication: 2,
  idPlateforme: 'EDULIB',
  name: 'Edulib',
  order: 2,
  showTokenStatus: true,
  applicationCodeYesNo: false,
  applicationCodeRequired: false,
  urls: URLS,
};

/** Each refused field's path and message key. */
function problemsOf(value: object): [string, string][] {
  const parsed = applicationUpdateSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('an application to save', () => {
  it('stores an order of 0 or below as 0, and leaves a new one without an order to come last', () => {
    expect(applicationUpdateSchema.parse({ ...APPLICATION, order: -2 }).order).toBe(0);
    const { idApplication: _id, order: _order, ...added } = APPLICATION;
    expect(applicationUpdateSchema.parse({ ...added, newApplication: true }).order).toBeUndefined();
  });

  it.each<[string, object, [string, string]]>([
    [
      'a store link that is not http(s)',
      { urls: { ...URLS, playStore: 'market://details?id=x' } },
      ['urls.playStore', INVALID_WEB_LINK],
    ],
    ['an app link that runs code', { urls: { ...URLS, urlScheme: 'javascript:alert(1)' } }, ['urls.urlScheme', INVALID_APP_LINK]],
    [
      'a code required but not asked',
      { applicationCodeRequired: true },
      ['applicationCodeRequired', 'settings.errors.required_without_asking'],
    ],
    [
      'a change without the application it changes',
      { idApplication: undefined },
      ['idApplication', 'settings.errors.unknown_application'],
    ],
  ])('refuses %s', (_case, change, expected) => {
    expect(problemsOf({ ...APPLICATION, ...change })).toEqual([expected]);
  });
});
