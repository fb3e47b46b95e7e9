import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  build: {
    // Hashed file names are served with a one-year immutable cache.
    assetsInlineLimit: 0,
  },
  server: { hmr: { port: 24679 } },
});
