// The dashboard's build (src/web → dist/web). React's JSX is compiled by esbuild, which
// Vite already uses, so no Babel plugin is needed for a production build.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  base: '/',
  publicDir: false,
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // No inline scripts or styles: the page runs under a strict same-origin CSP.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // .vite/manifest.json: which chunks a page needs, so the server can preload the chunks of
    // the page a shared link opens alongside the app's own (src/api/routes/web-app.ts).
    manifest: true,
    rollupOptions: {
      // React Query marks its modules "use client" for server-component bundlers; meaningless here.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/docs': 'http://127.0.0.1:3000' } },
});
