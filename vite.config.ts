import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

/** React, React DOM's small entry and React Router: loaded by every page, they ship in the shell chunk. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|cookie|set-cookie-parser)[\\/]/;
/**
 * What only hydration needs — React DOM's client (the renderer and its scheduler) and React
 * Router's browser router — is a chunk of its own that app/entry.client.tsx imports when it
 * starts React: at once on most pages (the HTML preloads it), after the load on block pages.
 */
const HYDRATION = /[\\/]node_modules[\\/](scheduler[\\/]|react-dom[\\/](client\.js|cjs[\\/]react-dom-client\.)|react-router[\\/]dist[\\/]production[\\/]dom-export\.mjs)/;
const ROOT_MODULE = /[\\/]app[\\/]root\.tsx$/;
/** Small modules most pages share (prices, stars, the breadcrumbs' island): in the shell rather than in chunks of a few hundred bytes. */
const SHARED = /[\\/]app[\\/](lib[\\/]money\.ts|ui[\\/]breadcrumbs\.tsx|features[\\/]catalog[\\/]components[\\/](price|stars)\.tsx)$/;

/**
 * React Router's package exports point at its development build, which keeps its dev-only
 * warnings (ENABLE_DEV_WARNINGS); the browser gets the production build next to it.
 */
const RR_PRODUCTION = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

type ModuleInfo = { importedIds: readonly string[] } | null;

/**
 * The browser build puts everything every page loads before it runs — the framework and the
 * static import graph of app/root.tsx (layout, header, cart count, message catalog) — into
 * one "shell" chunk. Gzip compresses one file much better than a dozen small ones, and the
 * page makes fewer requests; route code and lazy parts keep their own chunks.
 */
function shellChunks() {
  let shell: Set<string> | null = null;
  return (id: string, { getModuleIds, getModuleInfo }: { getModuleIds(): IterableIterator<string>; getModuleInfo(id: string): ModuleInfo }) => {
    if (!shell) {
      shell = new Set();
      const queue = [...getModuleIds()].filter((m) => ROOT_MODULE.test(m));
      while (queue.length) {
        const m = queue.pop()!;
        if (shell.has(m)) continue;
        shell.add(m);
        queue.push(...(getModuleInfo(m)?.importedIds ?? []));
      }
    }
    if (HYDRATION.test(id)) return 'hydration';
    if (FRAMEWORK.test(id) || SHARED.test(id) || (shell.has(id) && !id.endsWith('.css'))) return 'shell';
    return undefined;
  };
}

type Warning = { code?: string; plugin?: string; message: string; id?: string };

/**
 * Build warnings we have looked at and accept; everything else is printed as usual, so a
 * new warning stands out.
 * - INVALID_ANNOTATION in zod: zod puts explanatory comments next to its `@__PURE__` marks;
 *   Rollup drops those comments and says so. Nothing is lost (the marks it can read stay).
 * - EMPTY_BUNDLE: resource routes (robots.txt, sitemaps, logout, the data download, the
 *   store-notice form post, the legacy /account redirect) have no component, so their
 *   browser chunk is empty and never loaded.
 * - In the server build, "dynamic import will not move module into another chunk": lazy
 *   imports there split the browser's code; the server loads every chunk at start anyway.
 */
function quietWarnings(ssr: boolean) {
  return (warning: Warning, warn: (w: Warning) => void) => {
    if (warning.code === 'INVALID_ANNOTATION' && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? warning.message)) return;
    if (warning.code === 'EMPTY_BUNDLE') return;
    if (ssr && warning.plugin === 'vite:reporter' && warning.message.includes('dynamic import will not move module into another chunk')) return;
    warn(warning);
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: {
    alias: [
      { find: '~', replacement: fileURLToPath(new URL('./app', import.meta.url)) },
      ...(isSsrBuild ? [] : RR_PRODUCTION),
    ],
  },
  build: {
    // Hashed file names are served with a one-year immutable cache.
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild ? { onwarn: quietWarnings(true) } : { output: { manualChunks: shellChunks() }, onwarn: quietWarnings(false) },
  },
  server: { hmr: { port: 24679 } },
}));
