import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev -w @skyline/web`: the client with hot reload on :5173, the API and socket.io proxied to the server
// (`npm start`, port 8080 unless SKYLINE_API says otherwise).
const api = process.env.SKYLINE_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  build: { target: 'es2022', sourcemap: false },
  server: {
    proxy: {
      '/api': api,
      '/healthz': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
