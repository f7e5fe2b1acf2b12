// Bundles the server (our code only; packages stay in node_modules) into dist/, with its migrations.
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'server/index.ts', 'admin-cli': 'server/admin-cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
fs.rmSync('dist/migrations', { recursive: true, force: true });
fs.cpSync('server/db/migrations', 'dist/migrations', { recursive: true });
console.log('server bundled into dist/');
