import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': new URL('./web', import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // the icons in one chunk: otherwise each is a module of its own and a page imports a dozen of them
        manualChunks: (id) => (id.includes('/node_modules/lucide-react/') ? 'icons' : undefined),
      },
    },
  },
});
