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
