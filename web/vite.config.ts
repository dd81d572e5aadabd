import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const bff = process.env.BFF_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': { target: bff, changeOrigin: true } },
  },
  build: { outDir: 'dist', sourcemap: true },
});
