import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { iconPaths } from './scripts/vite-icon-paths';

export default defineConfig({
  plugins: [react(), iconPaths()],
  root: '.',
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
