// ESLint rule: the layers of the project import only downwards (see README, "Layout").
// Paths are resolved, so server/web/ (the server's page rendering) is not mistaken for web/.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const inside = (file, dir) => file === path.join(root, dir) || file.startsWith(path.join(root, dir) + path.sep);

/** [files that import, what they may not import, why] */
const RULES = [
  [['shared'], ['server', 'web'], 'shared/ is used by both the server and the browser: it imports neither.'],
  [['server'], ['web'], 'The server does not import the React app; it loads the built one.'],
  [
    ['web/routes/public', 'web/components/public'],
    ['web/routes/admin', 'web/components/admin', 'web/lib/admin'],
    'The public site never pulls in admin code (the admin bundle stays off visitors’ phones).',
  ],
];

function resolveImport(source, filename) {
  if (source.startsWith('~/')) return path.join(root, 'web', source.slice(2));
  if (source.startsWith('.')) return path.resolve(path.dirname(filename), source);
  return null; // a package
}

export const layers = {
  meta: { type: 'problem', schema: [], messages: { crossed: '{{target}} may not be imported here: {{why}}' } },
  create(context) {
    const filename = context.filename;
    const rules = RULES.filter(([from]) => from.some((dir) => inside(filename, dir)));
    if (rules.length === 0) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const target = resolveImport(source, filename);
      if (!target) return;
      for (const [, forbidden, why] of rules) {
        const hit = forbidden.find((dir) => inside(target, dir));
        if (hit) context.report({ node: node.source, messageId: 'crossed', data: { target: hit + '/', why } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
