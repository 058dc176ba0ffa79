import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * electron-vite always builds the renderer with base './'. The renderer uses path routes, so a reload on
 * /edit/user/5 (browser mode, or app://bundle/edit/user/5 in the desktop app) must still find the entry:
 * index.html points at /assets/ absolutely; chunks load each other relative to their own URL.
 */
export function absoluteAssetUrls(): Plugin {
  return {
    name: 'absolute-asset-urls',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/(src|href)="\.\/assets\//g, '$1="/assets/'),
    },
  };
}

const LOGIN_SCREEN = '/src/features/login/LoginPage.tsx';

/**
 * The renderer starts in steps (src/renderer/src/main.tsx imports each part in turn, so that each is evaluated in a
 * main-thread task of its own); index.html preloads every part and what it imports at once, so that no step waits for
 * its download. The login screen's chunk too (issue 55): every session in a browser starts on it, and loaded only
 * once the app had rendered, it was the last request before the screen's first paint (LCP 1.47 s by Lighthouse).
 */
export function preloadStartup(): Plugin {
  return {
    name: 'preload-startup',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        const { bundle, chunk: entry } = ctx;
        if (!bundle || !entry) return html;
        const seen = new Set<string>();
        const visit = (file: string) => {
          const c = bundle[file];
          if (seen.has(file) || c?.type !== 'chunk') return;
          seen.add(file);
          c.imports.forEach(visit);
        };
        entry.dynamicImports.forEach(visit);
        Object.values(bundle).forEach((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(LOGIN_SCREEN) && visit(c.fileName));
        const files = [...seen].filter((f) => f !== entry.fileName && !entry.imports.includes(f));
        return {
          html,
          tags: files.map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/** Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip -9) next to every text asset of 1 KiB or more in the build output. */
export function precompressFiles(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) count += precompressFiles(file);
    else if (COMPRESSIBLE.test(entry.name) && fs.statSync(file).size >= 1024) {
      const data = fs.readFileSync(file);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      count++;
    }
  }
  return count;
}

/** Precompresses the renderer's build so the server (browser mode) sends brotli / gzip without compressing per request. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (outDir && fs.existsSync(outDir)) precompressFiles(outDir);
    },
  };
}
