// Vite's development server of the web app WITH the hidden developer tool, for the end-to-end suite's devtool spec
// (docs/decisions/089-one-web-build.md): the suite serves the production build, which has no trace of the tool, and
// the tool's screen is exercised here without a second full build. Calls and media go to the suite's server.
// Environment: PORT (the suite's server), DEVTOOL_WEB_PORT (this server's port).
import path from 'node:path';
import { createServer } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.DEVTOOL_WEB_PORT);
const api = `http://localhost:${process.env.PORT}`;
if (!port || !process.env.PORT) throw new Error('set PORT (the API server) and DEVTOOL_WEB_PORT');

// vite.config.ts reads this while loading: the tool's screen and messages are built in.
process.env.WITH_DEVTOOL = 'true';
const server = await createServer({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  // A cache of its own, so that a developer's `npm run dev:web` in the same checkout is not disturbed.
  cacheDir: path.resolve(root, `../../.tmp/vite-devtool-${port}`),
  clearScreen: false,
  logLevel: 'warn',
  optimizeDeps: { entries: ['index.html', 'src/**/*.tsx'] },
  server: {
    host: 'localhost',
    port,
    strictPort: true,
    hmr: false,
    watch: null,
    // Host stays this server's, so the API takes the page's session cookie as from its own origin (decision 107).
    proxy: { '/api': { target: api, changeOrigin: false }, '/media': { target: api, changeOrigin: false } },
    warmup: { clientFiles: ['./src/main.tsx', './src/features/devtool/pages/DevtoolPage.tsx'] },
  },
});
await server.listen();
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
