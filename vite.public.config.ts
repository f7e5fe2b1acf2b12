/**
 * The public pages' browser build (docs/decisions/0027): web/public-entry.tsx and the pages it
 * loads, without React Router, into build/client/assets/public/. `react-router build` builds the
 * admin's browser code and the server; this runs after it. The entry's file name is written to
 * build/public-entry.json, where the server finds it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { loadPublicSiteMap } from './scripts/load-public-site-map';

const ENTRY = 'web/public-entry.tsx';
const SHARED_PARTS = /\/(web\/components|web\/lib|shared)\//;
const PROJECT_PARTS = /\/web\/components\/(public\/project-details|ui\/modal)\./;
/** Modules only two pages use (the two forms' fields): left with those pages' chunks, not in every page's parts. */
const ONE_PAGE_PARTS = /\/web\/components\/public\/form-fields\./;
/** A language's copy (shared/copy/public-<code>.ts): a chunk of its own, loaded only by that language's pages (web/lib/public-copy.ts). */
const LANGUAGE_COPY = /\/shared\/copy\/public-(?!copy\.)[a-z]{2,3}\.ts$/;
/** The spec's English texts that ./shared/copy/public-en.ts bundles: with it, so no other language's page loads them. */
const COPY_MODULE = /\/shared\/copy\/[^/]+\.ts$/;
const ENGLISH_COPY_PARTS = /\/shared\/copy\/(public|project-enquiry)\.ts$/;
const PUBLIC_ENTRY_RECORD = 'build/public-entry.json';
const SITE_MAP_MODULE = path.resolve('web/lib/public-site-map.ts');

const PAGE_FILE = /\/web\/pages\/[^/]+\.tsx$/;
const DEFINITION_EXPORT = /^export const page = /m;

/**
 * The browser needs a page's component only: its definition (`page`: load, meta, action) is the server's.
 * Unexported here, it and what only it uses are left out of the page's chunk by tree-shaking.
 */
function pageDefinitionsLeftOut(): Plugin {
  return {
    name: 'page-definitions-left-out',
    transform(code, id) {
      if (!PAGE_FILE.test(id)) return null;
      if (!DEFINITION_EXPORT.test(code)) throw new Error(`${id}: a public page exports its definition as \`export const page = …\``);
      return code.replace(DEFINITION_EXPORT, 'const page = ');
    },
  };
}

/** The frame's site map as its value (docs/decisions/0029): the module itself imports every page. */
function siteMapAsValue(siteMap: unknown): Plugin {
  return {
    name: 'public-site-map-as-value',
    enforce: 'pre',
    load: (id) => (id === SITE_MAP_MODULE ? `export const PUBLIC_SITE_MAP = ${JSON.stringify(siteMap)};\n` : null),
  };
}

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

export default defineConfig(async (): Promise<UserConfig> => ({
  resolve: { alias: { '~': path.resolve('web') } },
  plugins: [recordEntry(), siteMapAsValue(await loadPublicSiteMap()), pageDefinitionsLeftOut()],
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    assetsInlineLimit: 0,
    copyPublicDir: false,
    rollupOptions: {
      input: ENTRY,
      // the copy modules are data: one imported only for a page's server side (its action) leaves nothing in its chunk
      treeshake: { moduleSideEffects: (id) => !COPY_MODULE.test(id) },
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
          if (ONE_PAGE_PARTS.test(id)) return undefined;
          if (LANGUAGE_COPY.test(id)) return `copy-${path.basename(id, '.ts')}`;
          if (ENGLISH_COPY_PARTS.test(id)) return 'copy-public-en';
          if (SHARED_PARTS.test(id) && !id.includes('gallery-lightbox')) return 'parts';
          return undefined;
        },
      },
    },
  },
}));
