/**
 * The public pages' browser build (docs/decisions/0027): web/public-entry.tsx and the pages it
 * loads, without React Router, into build/client/assets/public/. `react-router build` builds the
 * admin's browser code and the server; this runs after it. The entry's file name is written to
 * build/public-entry.json, where the server finds it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const ENTRY = 'web/public-entry.tsx';
const SHARED_PARTS = /\/(web\/components|web\/lib|shared)\//;
const PROJECT_PARTS = /\/web\/components\/(public\/project-details|ui\/modal)\./;
const PUBLIC_ENTRY_RECORD = 'build/public-entry.json';

/** Writes the entry chunk's URL for the server. */
function recordEntry(): Plugin {
  return {
    name: 'record-public-entry',
    writeBundle(_options, bundle) {
      const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      if (!entry) throw new Error('the public entry was not built');
      fs.writeFileSync(PUBLIC_ENTRY_RECORD, JSON.stringify({ entry: `/${entry.fileName}` }) + '\n');
    },
  };
}

export default defineConfig({
  resolve: { alias: { '~': path.resolve('web') } },
  plugins: [recordEntry()],
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    assetsInlineLimit: 0,
    copyPublicDir: false,
    rollupOptions: {
      input: ENTRY,
      output: {
        entryFileNames: 'assets/public/[name]-[hash].js',
        chunkFileNames: 'assets/public/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // Three kinds of chunk, because each file costs about 1 KiB of headers, more than most of the
        // small shared parts weigh: React with the entry; the frame and the parts several pages share;
        // each page's own code (with the project cards for the two project pages, and the lightbox
        // only once a picture is opened).
        manualChunks: (id) => {
          if (PROJECT_PARTS.test(id)) return 'project-details';
          if (SHARED_PARTS.test(id) && !id.includes('gallery-lightbox')) return 'parts';
          return undefined;
        },
      },
    },
  },
});
