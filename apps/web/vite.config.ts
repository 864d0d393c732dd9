import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The hidden developer tool's screen and messages are built in only when asked for (WITH_DEVTOOL=true, or DEVTOOL_PATH
 * set at build time as `npm start` does): a production build has no trace of the tool (issue 12, finding 17).
 */
const withDevtool = process.env.WITH_DEVTOOL === 'true' || (process.env.WITH_DEVTOOL !== 'false' && Boolean(process.env.DEVTOOL_PATH));

export default defineConfig({
  plugins: [react()],
  define: { __WITH_DEVTOOL__: JSON.stringify(withDevtool) },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
});
