import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const root = import.meta.dirname;
const TEST_FILE = /\.test\.tsx?$/;
/** A call that replaces a module for one test file: such a file needs modules of its own. */
const MOCKS_A_MODULE = /\bvi\.(mock|doMock)\(/;

/** The web test files (relative to apps/web) that replace a module with vi.mock. */
const filesThatMock = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => TEST_FILE.test(file))
  .map((file) => `src/${file.split(path.sep).join('/')}`)
  .filter((file) => MOCKS_A_MODULE.test(readFileSync(path.join(root, file), 'utf8')));

const shared = {
  plugins: [react()],
  root,
  test: {
    environment: 'jsdom' as const,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Component tests drive React, Mantine and AG Grid in jsdom: seconds each on a loaded machine
    // (a school picker test passed 5 s once under a full run), so no test fails for time alone.
    testTimeout: 30_000,
  },
};

/**
 * The component tests in two projects. `web`: the files of a worker share their modules and one
 * jsdom window (`isolate: false`), which halves the time (179 → 88 s here: each file loaded React,
 * Mantine and AG Grid again); src/test/shared-window.ts gives each file a clean window. `web-isolated`:
 * the files that replace a module with vi.mock, each with modules of its own, since a module
 * another file loaded first would keep its real import (found here when the file is read).
 */
export const webProjects = [
  defineProject({
    ...shared,
    test: {
      ...shared.test,
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: filesThatMock,
      isolate: false,
      setupFiles: [...shared.test.setupFiles, './src/test/shared-window.ts'],
    },
  }),
  defineProject({ ...shared, test: { ...shared.test, name: 'web-isolated', include: filesThatMock } }),
];
