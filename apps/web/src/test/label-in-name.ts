import { computeAccessibleName } from 'dom-accessibility-api';
import { expect } from 'vitest';

/**
 * The words of a text as axe's label-in-name rule compares them: letters and digits only,
 * accents and case dropped, parentheses' contents left out (they usually hold a shortcut).
 */
function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\([^()]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .toLowerCase()
    .split(' ')
    .filter(Boolean);
}

function holdsInOrder(words: string[], part: string[]): boolean {
  for (let start = 0; start + part.length <= words.length; start++) {
    if (part.every((word, index) => words[start + index] === word)) return true;
  }
  return false;
}

/**
 * WCAG 2.5.3 (label in name), as axe checks it in the browser tests: the control's accessible
 * name holds the words it shows, in order, so that a voice-control user can say what they see.
 * jsdom draws nothing, so "what it shows" is its text content, elements hidden by CSS included;
 * the browser tests' axe scans check the drawn page.
 */
export function expectLabelInName(element: HTMLElement): void {
  const shown = wordsOf(element.textContent ?? '');
  const name = computeAccessibleName(element);
  expect(holdsInOrder(wordsOf(name), shown), `"${name}" should hold the shown text "${element.textContent}"`).toBe(true);
}
