// ESLint rule: every source file belongs to one layer, and a layer imports only what its row allows
// (see README, "Layout"). Paths are resolved, so server/web/ (the server's page rendering) is not mistaken for web/.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const relative = (file) => path.relative(root, file).split(path.sep).join('/');
const under = (file, dir) => file === dir || file.startsWith(dir + '/');

const ADMIN = ['web/routes/admin', 'web/components/admin', 'web/lib/admin'];
const SERVER_SIDE_OF_WEB = /^web\/(entry\.server\.tsx|load-context\.ts)$|\.server\.tsx?$/;

/**
 * The layers, first match wins: [name, does this file belong, folders it may not import, why].
 * A file that belongs to none is reported too, so a new folder gets its row before its first import.
 */
export const LAYERS = [
  [
    'shared',
    (f) => under(f, 'shared'),
    ['server', 'web', 'e2e', 'scripts'],
    'shared/ is used by both the server and the browser: it imports neither.',
  ],
  [
    'server',
    (f) => under(f, 'server'),
    ['web', 'e2e'],
    'The server does not import the React app (it loads the built one) or the browser tests.',
  ],
  [
    'web, server side',
    (f) => under(f, 'web') && SERVER_SIDE_OF_WEB.test(f),
    ['e2e', 'scripts'],
    'The app’s server-side modules run in the server, never in tests or scripts.',
  ],
  [
    'web, admin',
    (f) => ADMIN.some((dir) => under(f, dir)),
    ['server', 'e2e', 'scripts'],
    'Admin screens run in the browser: they reach the server through /api only.',
  ],
  [
    'web, public',
    (f) => under(f, 'web'),
    ['server', 'e2e', 'scripts', ...ADMIN],
    'The public site runs in visitors’ browsers: no server code, and never admin code (the admin bundle stays off visitors’ phones).',
  ],
  [
    'e2e',
    (f) => under(f, 'e2e'),
    [...ADMIN, 'web/routes', 'web/pages', 'web/components'],
    'Browser tests drive the built site; they share only definitions (shared/, web/lib, through scripts/ where only Vite can load them) and test helpers (server/test).',
  ],
  ['scripts', (f) => under(f, 'scripts'), [], 'Scripts are tools: they may use any part.'],
  ['tooling', (f) => !f.includes('/'), [], 'Root configuration files may use any part.'],
];

/** Imports of the server allowed outside the server: its test helpers, for the browser tests. */
const SERVER_EXCEPTIONS = { e2e: ['server/test'] };

function resolveImport(source, filename) {
  if (source.startsWith('~/')) return relative(path.join(root, 'web', source.slice(2)));
  if (source.startsWith('.')) return relative(path.resolve(path.dirname(filename), source));
  return null; // a package
}

export const layers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossed: '{{target}} may not be imported here ({{layer}}): {{why}}',
      homeless: 'This file belongs to no layer: give its folder a row in scripts/eslint/layers.js.',
    },
  },
  create(context) {
    const file = relative(context.filename);
    if (file.startsWith('..')) return {}; // outside the project (ESLint's own virtual files)
    const layer = LAYERS.find(([, belongs]) => belongs(file));
    if (!layer) {
      return { Program: (node) => context.report({ node, messageId: 'homeless' }) };
    }
    const [name, , forbidden, why] = layer;
    const allowed = SERVER_EXCEPTIONS[name] ?? [];
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      if (node.importKind === 'type' && name !== 'shared') return; // types vanish from the build
      const target = resolveImport(source, context.filename);
      if (!target || allowed.some((dir) => under(target, dir))) return;
      const hit = forbidden.find((dir) => under(target, dir));
      if (hit) context.report({ node: node.source, messageId: 'crossed', data: { target: hit + '/', layer: name, why } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
