import { describe, expect, it } from 'vitest';
import { INVALID_URL, isValidLinkValue, linkSettingsSchema } from './link-settings.js';

describe('link setting values', () => {
  it.each([
    ['https://apps.apple.com/fr/app/tabuleo/id123', true],
    ['http://intranet.exemple.fr/aide', true],
    ['mailto:support@exemple.fr', true],
    ['', true],
    ['Tabuléo 4.2', true],
    ['  https://exemple.fr  ', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    ['data:text/html,<b>x</b>', false],
    ['ftp://exemple.fr/fichier', false],
    ['https://', false],
    ['mailto:personne', false],
    ['java\tscript:alert(1)', false],
    ['java\nscript:alert(1)', false],
    ['https://exemple.fr/\r\njavascript:alert(1)', false],
    ['Tabuléo\u0085 4.2', false],
    ['Version 4: la nouvelle', true],
  ])('%j is %s', (value, expected) => expect(isValidLinkValue(value)).toBe(expected));

  it('refuses a bad link with its message key, and a name that is not a setting name', () => {
    const parsed = linkSettingsSchema.safeParse({ appStore: 'javascript:alert(1)', 'deux mots': 'x' });
    expect(parsed.success).toBe(false);
    const messages = parsed.error!.issues.map((issue) => issue.message);
    expect(messages).toContain(INVALID_URL);
    expect(messages).toHaveLength(2);
  });

  it('keeps values trimmed', () => {
    expect(linkSettingsSchema.parse({ helpCenter: '  https://aide.exemple.fr ' })).toEqual({
      helpCenter: 'https://aide.exemple.fr',
    });
  });
});
