import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks these browser APIs that Mantine relies on.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

window.HTMLElement.prototype.scrollIntoView ??= () => {};

// No font loading API either, which the tracker's comment box's autosize listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} } });

// findBy… and waitFor wait up to 10 s, not Testing Library's 1 s: on a loaded machine what a
// test waits for can take longer than 1 s to show. They return as soon as it is there, so this
// costs only a failing test time.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
