import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // Host kept as the browser sent it, so that the server's same-origin check matches Origin.
      '/api': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
});
