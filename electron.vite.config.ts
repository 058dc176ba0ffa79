import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { absoluteAssetUrls, precompress, preloadStartup } from './vite.plugins';

export default defineConfig({
  main: {
    // Pure-JS deps of main are bundled; only the native keychain module stays in node_modules (see electron-builder.yml).
    plugins: [externalizeDepsPlugin({ exclude: ['axios', 'electron-store', 'zod', 'electron-updater'] })],
    build: { rollupOptions: { input: { index: resolve('src/main/index.ts') } } },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    // Sandboxed preloads must be CommonJS: emit out/preload/index.cjs.
    build: {
      rollupOptions: { input: { index: resolve('src/preload/index.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    // electron-vite forces base './' here; absoluteAssetUrls makes index.html load /assets/ so that a
    // reload on a deep route (path routes fall back to index.html) still finds the entry.
    plugins: [react(), absoluteAssetUrls(), preloadStartup(), precompress()],
    build: {
      minify: true,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
});
