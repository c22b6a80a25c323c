import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Dev server proxies the API and sockets to the Fastify server on :3000.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
      '/uploads': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
    },
  },
  // No source maps in the shipped build: smaller deploys, nothing extra to serve.
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
});
