// Bundles the server (our code only; packages stay in node_modules) into dist/, with its migrations.
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'server/index.ts',
    // the image process the server forks (server/images/image-process.ts)
    'image-child': 'server/images/image-child.ts',
    // the embedded database's thread the server starts (server/db/pglite-connection.ts)
    'pglite-thread': 'server/db/pglite-thread.ts',
    'admin-cli': 'server/admin-cli.ts',
    'backup-cli': 'server/backup/backup-cli.ts',
    'restore-cli': 'server/backup/restore-cli.ts',
  },
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

// a fresh data directory for the embedded database, so a first start skips initdb (see server/db/client.ts)
const { PGlite } = await import('@electric-sql/pglite');
fs.rmSync('dist/pglite-initial.tar.gz', { force: true }); // the former, archived form
fs.rmSync('dist/pglite-initial', { recursive: true, force: true });
const fresh = new PGlite('dist/pglite-initial');
await fresh.waitReady;
await fresh.close();
console.log('server bundled into dist/');
