import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
