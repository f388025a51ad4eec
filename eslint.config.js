import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { partImports } from './eslint/part-imports.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use `as const` unions instead of enums.' },
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    // No import cycle, however long (ARCHITECTURE.md, "Rules npm run lint holds"). Imports of types
    // alone are not followed: they leave nothing at run time.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: 'tsconfig.json',
        }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // A relative import stays inside its part (a feature, a platform module, ui, lib…); another
    // part is imported by its alias, #platform/… (ARCHITECTURE.md, "Imports").
    files: ['apps/server/{src,test}/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { parts: partImports },
    rules: { 'parts/relative-imports': 'error' },
  },
  {
    // Only the configuration module reads the process environment (ARCHITECTURE.md).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/platform/config/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from platform/config/env.ts.' },
      ],
    },
  },
  {
    // A feature's SQL is in its repositories (docs/conventions.md, "Layout"): services,
    // policies and presenters ask them, and never build a query or a condition themselves.
    files: ['apps/server/src/features/**/*.ts'],
    ignores: ['apps/server/src/features/**/*.repository.ts', 'apps/server/src/features/**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'SQL lives in a *.repository.ts beside this file.', allowTypeImports: true }],
          patterns: [
            {
              group: ['\\#platform/db/schema/**'],
              message: 'Tables are read in a *.repository.ts beside this file (a row type may be imported).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The server's and the packages' test files share their modules (`isolate: false` in
    // vitest.config.ts): a module replaced for one file would stay replaced, or real, for the next.
    files: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts', 'bench/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use `as const` unions instead of enums.' },
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message: 'Server test files share their modules: pass a fake to the code (AppDeps, adapters) instead of vi.mock.',
        },
      ],
    },
  },
  {
    // ui/ primitives never import features, by a relative path or the #features alias (escaped: a
    // leading # starts a comment in these gitignore-style patterns).
    files: ['apps/web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '\\#features/**'], message: 'ui/ never imports from features/.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tool configuration files must default-export.
    files: [
      '**/*.config.{ts,js,mjs,cjs}',
      '**/vite.config.ts',
      '**/vitest.config.ts',
      '**/playwright.config.ts',
      'apps/server/test/global-setup.ts',
      'e2e/global-setup.ts',
      'e2e/global-teardown.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
