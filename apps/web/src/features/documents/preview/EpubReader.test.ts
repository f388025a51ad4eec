import { describe, expect, it } from 'vitest';
import { chaptersOf } from './EpubReader';

describe('chaptersOf', () => {
  it('lists sub-chapters after their chapter, indented, labels trimmed', () => {
    expect(
      chaptersOf([
        {
          id: 'a',
          href: 'one.xhtml',
          label: ' Chapitre 1 \n',
          subitems: [{ id: 'b', href: 'one.xhtml#s1', label: 'Section 1' }],
        },
        { id: 'c', href: 'two.xhtml', label: 'Chapitre 2' },
      ]),
    ).toEqual([
      { value: 'one.xhtml', label: 'Chapitre 1' },
      { value: 'one.xhtml#s1', label: '\u00a0\u00a0Section 1' },
      { value: 'two.xhtml', label: 'Chapitre 2' },
    ]);
  });
});
