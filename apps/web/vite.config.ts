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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The bundler splits every module shared by the shell and the lazy screens into a chunk of its own: dozens of
          // tiny files for the first screen. These groups keep them together (the first screen's budget, decision 005).
          groups: [
            // TanStack Query: the client, the hooks and the query option helpers every screen uses.
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            // The shell's plumbing and the UI kit pieces of the first screen (not the dialogs, forms or media pieces).
            {
              name: 'kit',
              test: /[\\/]src[\\/](lib[\\/](?!language\.ts|useMediaQuery\.ts)|components[\\/](Spinner|LoginRequired|QueryState|SectionHeading|ReadMore)\.tsx)/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
});
