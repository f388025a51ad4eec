import { describe, expect, it } from 'vitest';
import { outcomesReport, problemsOf, problemsReport } from './import-report';

describe('the import reports', () => {
  it('writes one line a problem, read by a spreadsheet: a byte order mark, ";" between cells, quotes where needed, CRLF', () => {
    const text = problemsReport(
      [
        { msg: 'a', line: 3, field: 'Niveau' },
        { msg: 'b', line: 7, field: null },
      ],
      ['Ligne', 'Colonne', 'Erreur'],
      (problem) => (problem.msg === 'a' ? 'Niveau inconnu : « 7ème; B ».' : 'Le "login" est pris.'),
    );
    expect(text).toBe(
      '\uFEFFLigne;Colonne;Erreur\r\n3;Niveau;"Niveau inconnu : « 7ème; B »."\r\n7;;"Le ""login"" est pris."\r\n',
    );
  });

  it('writes every line’s outcome of an applied import', () => {
    const text = outcomesReport(
      {
        importNumber: 4,
        mode: 'users_initial',
        status: 'applied',
        counts: { created: 1, updated: 0, unchanged: 0, teaching: 0, excluded: 1 },
        lines: [
          { line: 2, outcome: 'created', userId: 90, login: 'lea.martin' },
          { line: 3, outcome: 'excluded', userId: null, login: 'hugo.petit' },
        ],
      },
      ['Ligne', 'Login', 'Résultat', 'ID utilisateur'],
      (outcome) => (outcome === 'created' ? 'créé' : 'écarté'),
    );
    expect(text).toBe('\uFEFFLigne;Login;Résultat;ID utilisateur\r\n2;lea.martin;créé;90\r\n3;hugo.petit;écarté;\r\n');
  });

  it('guards every cell against formulas: a column name, a login or a message from the file (issue 31 §4)', () => {
    const problems = problemsReport(
      [{ msg: 'a', line: 2, field: '=HYPERLINK("http://evil.example","x")' }],
      ['Ligne', 'Colonne', 'Erreur'],
      () => '@SUM(A1)',
    );
    expect(problems).toBe('\uFEFFLigne;Colonne;Erreur\r\n2;"\'=HYPERLINK(""http://evil.example"",""x"")";\'@SUM(A1)\r\n');
    const outcomes = outcomesReport(
      {
        importNumber: 4,
        mode: 'users_initial',
        status: 'applied',
        counts: { created: 1, updated: 0, unchanged: 0, teaching: 0, excluded: 0 },
        lines: [{ line: 2, outcome: 'created', userId: 90, login: '+33-login' }],
      },
      ['Ligne', 'Login', 'Résultat', 'ID utilisateur'],
      () => 'créé',
    );
    expect(outcomes).toContain("2;'+33-login;créé;90");
  });

  it('reads the problems of a refused answer, and none from another body', () => {
    expect(problemsOf({ errors: [{ msg: 'a', line: 2, field: null }, { nope: 1 }] })).toEqual([
      { msg: 'a', line: 2, field: null },
    ]);
    expect(problemsOf({ code: 'conflict' })).toEqual([]);
    expect(problemsOf(null)).toEqual([]);
  });
});
