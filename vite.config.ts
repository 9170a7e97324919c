import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { iconPaths } from './scripts/vite-icon-paths';

export default defineConfig({
  plugins: [react(), iconPaths()],
  root: '.',
  resolve: {
    // rjsf's markdown descriptions are never shown by the record form: keep the parser out of it.
    alias: { 'markdown-to-jsx/react': fileURLToPath(new URL('./runtime/react/no-markdown.tsx', import.meta.url)) },
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 4096,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/TaskHub': { target: 'ws://localhost:3000', ws: true } },
  },
});
