import { describe, expect, it } from 'vitest';
import type { UserRecord } from '#platform/auth/access.js';
import { safeFileName, sheetFilesOf } from './sheet-files.js';
import { sheetTextsOf } from './sheet-texts.js';

let nextId = 1;
const user = (values: Partial<UserRecord>) =>
  ({ id: nextId++, login: `user${nextId}`, className: null, level: null, ...values }) as UserRecord;
const namesAndLogins = (files: ReturnType<typeof sheetFilesOf>) =>
  files.map((file) => [file.name, file.users.map((member) => member.login)]);

describe('sheetFilesOf', () => {
  it("orders the files by their names' natural order and keeps the grid's order inside each", async () => {
    const users = [
      user({ login: 'b', className: '10e A' }),
      user({ login: 'a', className: '6e A' }),
      user({ login: 'c', className: '10e A' }),
      user({ login: 'd', className: ' ' }),
    ];
    expect(namesAndLogins(sheetFilesOf(users, 'class', await sheetTextsOf('fr')))).toEqual([
      ['6e_A.pdf', ['a']],
      ['10e_A.pdf', ['b', 'c']],
      ['sans_classe.pdf', ['d']],
    ]);
    expect(namesAndLogins(sheetFilesOf(users, 'level', await sheetTextsOf('es')))).toEqual([
      ['sin_nivel.pdf', ['b', 'a', 'c', 'd']],
    ]);
  });

  it('tells apart two names that read the same once made safe', async () => {
    const users = [
      user({ login: 'x', className: '6e/A' }),
      user({ login: 'y', className: '6e:A' }),
      user({ login: 'z', className: '6E A' }),
    ];
    expect(sheetFilesOf(users, 'class', await sheetTextsOf('fr')).map((file) => file.name)).toEqual([
      '6E_A.pdf',
      '6e_A_2.pdf',
      '6e_A_3.pdf',
    ]);
  });
});

describe('safeFileName', () => {
  it.each([
    ['5e Bleu', '5e_Bleu'],
    ['../../etc/passwd', 'etc_passwd'],
    ['Élèves de l’atelier', 'Élèves_de_l_atelier'],
    ['  ', 'fiches'],
    ['a'.repeat(100), 'a'.repeat(80)],
  ])('%s → %s', (text, name) => {
    expect(safeFileName(text)).toBe(name);
  });
});
