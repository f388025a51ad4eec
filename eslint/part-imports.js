// A relative import stays inside its part; another part is imported by its workspace's alias
// (ARCHITECTURE.md, "Imports"). The aliases are read from each workspace's package.json
// `imports`: `#platform/*` → `./src/platform/*`. A part is a folder an alias names (`lib`, `ui`,
// `test`), or one folder inside `features`, `platform` and `adapters` (a feature, a platform
// module such as `platform/db`, an adapter kind). `eslint --fix` writes the alias.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const WORKSPACES = ['apps/server', 'apps/web'];
/** Folders whose every sub-folder is a part of its own. */
const SPLIT = new Set(['features', 'platform', 'adapters']);

const readJson = (file) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

/** Each alias: its prefix (`#platform/`) and the absolute folder it names. */
const ALIASES = WORKSPACES.flatMap((workspace) =>
  Object.entries(readJson(`${workspace}/package.json`).imports ?? {}).map(([key, target]) => ({
    prefix: key.replace(/\*$/, ''),
    folder: path.join(ROOT, workspace, target.replace(/\*$/, '')),
  })),
);

// The web app imports without extensions, which TypeScript finds through `paths` only: they must
// say what package.json says.
const web = readJson('apps/web/package.json').imports;
const paths = readJson('apps/web/tsconfig.json').compilerOptions.paths ?? {};
const expected = Object.fromEntries(Object.entries(web).map(([key, target]) => [key, [target]]));
if (JSON.stringify(paths) !== JSON.stringify(expected))
  throw new Error(`apps/web/tsconfig.json compilerOptions.paths must repeat package.json imports: ${JSON.stringify(expected)}`);

/** The alias a file lies under, and the part that holds it (null outside every alias). */
function placeOf(file) {
  for (const alias of ALIASES) {
    if (!file.startsWith(alias.folder)) continue;
    const inside = file.slice(alias.folder.length).split(path.sep);
    const split = SPLIT.has(path.basename(alias.folder.replace(/[\\/]$/, '')));
    const part = split && inside.length > 1 ? path.join(alias.folder, inside[0]) : alias.folder;
    return { alias, part, rest: inside.join('/') };
  }
  return null;
}

const relativeImports = {
  meta: {
    type: 'suggestion',
    fixable: 'code',
    schema: [],
    messages: { alias: "'{{spec}}' leaves its part: import it as '{{alias}}'." },
  },
  create(context) {
    const from = placeOf(context.filename);
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('../')) return;
      const target = placeOf(path.resolve(path.dirname(context.filename), node.value));
      if (!target || (from && from.part === target.part)) return;
      const alias = target.alias.prefix + target.rest;
      context.report({
        node,
        messageId: 'alias',
        data: { spec: node.value, alias },
        fix: (fixer) => fixer.replaceText(node, node.raw[0] + alias + node.raw[0]),
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // vi.mock('../../lib/api') names a module as an import does.
      'CallExpression[callee.object.name="vi"]': (node) => {
        if (['mock', 'doMock', 'importActual'].includes(node.callee.property?.name)) check(node.arguments[0]);
      },
    };
  },
};

export const partImports = { rules: { 'relative-imports': relativeImports } };
