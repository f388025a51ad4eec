import { describe, expect, it } from 'vitest';
import { isValidPicturePath, nextOrder, orderSchema } from './catalogue.js';
import { INVALID_PLATFORM_ID, platformUpdateSchema } from './platforms.js';

describe('picture addresses', () => {
  it.each([
    ['', true],
    ['/files/platforms/ab12-edulib.png', true],
    ['/catalogue/platforms/kne.png', true],
    ['https://images.exemple.fr/kne.png', true],
    ['//evil.exemple.fr/x.png', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['/files/a b.png', false],
    ['kne.png', false],
  ])('%j is %s', (value, expected) => expect(isValidPicturePath(value)).toBe(expected));
});

describe('order rules', () => {
  it.each([
    [3, 3],
    [1, 1],
    [0, 0],
    [-4, 0],
  ])('%i is stored as %i', (given, stored) => expect(orderSchema.parse(given)).toBe(stored));

  it('refuses an order that is not a whole number', () => {
    expect(orderSchema.safeParse(1.5).success).toBe(false);
  });

  it('gives a new entry the highest order plus 1, and 1 in an empty catalogue', () => {
    expect(nextOrder([{ order: 2 }, { order: 7 }, { order: 0 }])).toBe(8);
    expect(nextOrder([])).toBe(1);
  });
});

const PLATFORM = {
  idPlateforme: 'LLS2020',
  name: 'Lelivrescolaire.fr',
  order: 1,
  exportFile: 'export_lls2020',
  exportType: 'CSV',
  forExport: true,
  urlSchemeLoginRequired: true,
  urlSchemePwdRequired: true,
  urlSchemeCodeYesNo: false,
  urlSchemeCodeRequired: false,
  platformCodeYesNo: false,
  platformCodeRequired: false,
  urls: [{ picturePath: '/files/platforms/x.png' }],
};

/** Each refused field's path and message key. */
function problemsOf(value: object): [string, string][] {
  const parsed = platformUpdateSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('a platform to save', () => {
  it('is an existing one unless flagged new, its id in capitals', () => {
    expect(platformUpdateSchema.parse({ ...PLATFORM, idPlateforme: ' lls2020 ' })).toEqual({ ...PLATFORM, newPlateforme: false });
  });

  it.each<[string, object, [string, string]]>([
    ['an id with a space', { idPlateforme: 'LLS 2020' }, ['idPlateforme', INVALID_PLATFORM_ID]],
    ['a blank name', { name: '  ' }, ['name', 'global.errors.required']],
    [
      'a code required but not asked',
      { platformCodeRequired: true },
      ['platformCodeRequired', 'settings.errors.required_without_asking'],
    ],
    [
      'a URL-scheme code required but not asked',
      { urlSchemeCodeRequired: true },
      ['urlSchemeCodeRequired', 'settings.errors.required_without_asking'],
    ],
    ['an export file with a slash', { exportFile: '../export' }, ['exportFile', 'settings.errors.invalid_export_file']],
    [
      'a picture on another scheme',
      { urls: [{ picturePath: 'javascript:alert(1)' }] },
      ['urls.0.picturePath', 'settings.errors.invalid_picture_path'],
    ],
  ])('refuses %s', (_case, change, expected) => {
    expect(problemsOf({ ...PLATFORM, ...change })).toEqual([expected]);
  });

  it('accepts a required code that is asked for', () => {
    expect(problemsOf({ ...PLATFORM, platformCodeYesNo: true, platformCodeRequired: true })).toEqual([]);
  });
});
