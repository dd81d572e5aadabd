import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const bff = process.env.BFF_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // Every text asset also as .br and .gz beside it: the web server sends the one the browser takes.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  server: {
    host: '127.0.0.1',
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': { target: bff, changeOrigin: true } },
  },
  build: { outDir: 'dist', sourcemap: true },
});
