import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { withFallback } from './src/lib/messageFallback.ts';

/**
 * The hidden developer tool's screen and messages are built in only when asked for (WITH_DEVTOOL=true, or DEVTOOL_PATH
 * set at build time as `npm start` does): a production build has no trace of the tool (issue 12, finding 17).
 */
const withDevtool = process.env.WITH_DEVTOOL === 'true' || (process.env.WITH_DEVTOOL !== 'false' && Boolean(process.env.DEVTOOL_PATH));

type Messages = Record<string, unknown>;
const readMessages = (lang: string, namespace: string): Messages =>
  JSON.parse(fs.readFileSync(new URL(`./src/locales/${lang}/${namespace}.json`, import.meta.url), 'utf8')) as Messages;
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The offline page's texts, written into offline.html at build time from the message files ({{ja.title}}, ...). */
function offlinePageMessages(): Plugin {
  const messages: Record<string, Messages> = { ja: readMessages('ja', 'offline'), en: readMessages('en', 'offline') };
  return {
    name: 'hibi-offline-page-messages',
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        if (!context.path.endsWith('/offline.html')) return html;
        return html.replace(/\{\{(ja|en)\.(\w+)\}\}/g, (placeholder, lang: string, key: string) => {
          const text = messages[lang]?.[key];
          if (typeof text !== 'string') throw new Error(`offline.html: no message ${lang}/offline.json "${key}"`);
          return escapeHtml(text);
        });
      },
    },
  };
}

/**
 * route-preloads.json: for each route of src/app/routeTable.ts, the script and style files its screen needs beyond the
 * app's entry. The server links them from the page it serves for that path (modulepreload and stylesheet), so the
 * browser fetches a screen's code beside the entry's instead of after it has run (issue 17, decision 137).
 */
function routePreloads(): Plugin {
  const tableFile = fileURLToPath(new URL('./src/app/routeTable.ts', import.meta.url));
  const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
  return {
    name: 'hibi-route-preloads',
    apply: 'build',
    // After Vite's own post steps: they drop chunks that only carried CSS (their styles move to the importers).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const tableSource = fs.readFileSync(tableFile, 'utf8');
        const routes: { route: string; modules: string[] }[] = [...tableSource.matchAll(/\{\s*path:\s*'([^']+)'[^{}]*?import\('([^']+)'\)/gs)].map(
          ([, route, spec]) => ({ route: route!, modules: [path.resolve(path.dirname(tableFile), spec!)] }),
        );
        // A feature's screens behind its loader module (`const points = (page) => import('../features/points/pages.ts')…`,
        // `load: () => points('quiz')`, decision 188): the route needs the loader's chunk and the screen's.
        for (const [, helper, spec] of tableSource.matchAll(/const (\w+) = \([^)]*\)[^=]*=>\s*import\('([^']+)'\)/g)) {
          const loader = path.resolve(path.dirname(tableFile), spec!);
          const pages = new Map(
            [...fs.readFileSync(loader, 'utf8').matchAll(/(\w+):\s*\(\)\s*=>\s*import\('([^']+)'\)/g)].map(([, key, page]) => [
              key!,
              path.resolve(path.dirname(loader), page!),
            ]),
          );
          for (const [, route, key] of tableSource.matchAll(
            new RegExp(`\\{\\s*path:\\s*'([^']+)'[^{}]*?load:\\s*\\(\\)\\s*=>\\s*${helper!}\\('(\\w+)'\\)`, 'gs'),
          )) {
            const page = pages.get(key!);
            if (page) routes.push({ route: route!, modules: [loader, page] });
          }
        }
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: string[], into = new Set<string>()) => {
          for (const file of start) {
            if (into.has(file)) continue;
            into.add(file);
            closure(byFile.get(file)?.imports ?? [], into);
          }
          return into;
        };
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
        const loaded = entry ? closure([entry.fileName]) : new Set<string>();
        const css = (files: Iterable<string>) => [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        const loadedCss = new Set(css(loaded));
        const table: Record<string, { js: string[]; css: string[] }> = {};
        const add = (key: string, modules: string[]) => {
          const screens = modules.map((module) => chunks.find((chunk) => chunk.facadeModuleId === module));
          if (screens.some((screen) => !screen)) return;
          const files = [...closure(screens.map((screen) => screen!.fileName))].filter((file) => byFile.has(file) && !loaded.has(file));
          table[key] = { js: files, css: css(files).filter((file) => !loadedCss.has(file)) };
        };
        for (const { route, modules } of routes) add(route, modules);
        // The screens' lazily loaded parts (src/lib/lazyPart.ts), under `part:<name>`: a page the server rendered with a
        // part links its styles too, or the part's HTML shows unstyled until its chunk has come (decision 140).
        for (const id of this.getModuleIds()) {
          if (!id.startsWith(srcDir) || !/\.tsx?$/.test(id)) continue;
          const source = fs.readFileSync(id, 'utf8');
          for (const [, name, spec] of source.matchAll(/lazyPart\(\s*'([\w-]+)',\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
            add(`part:${name!}`, [path.resolve(path.dirname(id), spec!)]);
          }
        }
        this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(table) });
      },
    },
  };
}

/**
 * English fills what a Japanese message file lacks (docs/requirements/platform.md#platform-language) at build time, in both builds: the
 * app's translator has no fallback language, so a Japanese page loads no English files.
 */
function messageFallback(): Plugin {
  return {
    name: 'hibi-message-fallback',
    enforce: 'pre',
    transform(code, id) {
      const namespace = /[\\/]src[\\/]locales[\\/]ja[\\/]([\w-]+)\.json$/.exec(id)?.[1];
      if (!namespace) return null;
      this.addWatchFile(fileURLToPath(new URL(`./src/locales/en/${namespace}.json`, import.meta.url)));
      return { code: JSON.stringify(withFallback(JSON.parse(code) as Messages, readMessages('en', namespace))), map: null };
    },
  };
}

/**
 * The classic scripts of public/ that every page the server rendered loads (boot.js, decision 141; ie-check.js) are
 * written for reading, mostly comments: the build minifies its copies, as ES5 still (they count in the first screen's
 * budget).
 */
function minifyPublicScripts(files: string[]): Plugin {
  let outDir = '';
  return {
    name: 'hibi-minify-public-scripts',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of files) {
        const target = path.join(outDir, file);
        if (!fs.existsSync(target)) continue;
        const { code } = await transform(fs.readFileSync(target, 'utf8'), { minify: true, loader: 'js', legalComments: 'none', target: 'es5' });
        fs.writeFileSync(target, code);
      }
    },
  };
}

/** Modules of the console only: its source, its message files and the packages only its screens use. */
const CONSOLE_MODULE =
  /[\\/]src[\\/](console[\\/]|locales[\\/]\w+[\\/]console)|[\\/]node_modules[\\/](@tiptap|prosemirror-|qrcode|react-hook-form|@hookform|linkifyjs|dijkstrajs|orderedmap|rope-sequence|w3c-keyname)/;

const common = readMessages('ja', 'common') as { meta: { siteName: string; home: { description: string } } };

/**
 * The server's build (`vite build --ssr`, decision 140): src/entry-server.tsx with every package it uses bundled in, into
 * dist-ssr/ beside dist/ (the static file server never serves it). The browser's plugins (the service worker, the
 * preload table) and its chunk groups are no part of it.
 */
const serverBuild = defineConfig({
  plugins: [react(), messageFallback()],
  // A production build, like the browser's: React's production renderer is bundled in, whatever NODE_ENV the server
  // runs with (without this the bundle carried both and picked React's development build, two to three times slower,
  // for `npm start` and the end-to-end suite; docs/decisions/152-ci-time.md).
  define: { __WITH_DEVTOOL__: JSON.stringify(withDevtool), 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node24',
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: 'entry-server.js', chunkFileNames: 'chunks/[name]-[hash].js' } },
  },
});

const browserBuild = defineConfig({
  plugins: [
    react(),
    messageFallback(),
    offlinePageMessages(),
    routePreloads(),
    minifyPublicScripts(['boot.js', 'ie-check.js']),
    // The web app manifest and the service worker (docs/decisions/101-service-worker.md): src/sw.ts, built with the
    // list of the build's files to precache; registered by src/app/serviceWorker.ts after the page has loaded.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        id: '/',
        name: common.meta.siteName,
        short_name: 'Hibi',
        description: common.meta.home.description,
        lang: 'ja',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // The light theme's colours; pages set <meta name="theme-color"> for the theme in force (src/lib/theme.ts).
        theme_color: '#1f7a6d',
        background_color: '#f7faf9',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // Every script and style of the build, the logos and the offline page (the plugin adds the manifest and its
        // icons); never index.html (pages always come from the network) nor the IE notice's script. The offline page has
        // no module script, so the app's module-preload polyfill stays in its entry (no chunk shared by two pages).
        globPatterns: ['**/*.{js,css,svg}', 'offline.html'],
        // The operator console (console.html, its entry and the chunks only it loads, named console-*) is no part of
        // the members' app: their service worker never downloads it (docs/decisions/096-console-web-entry.md).
        globIgnores: ['index.html', 'ie-check.js', 'sw.js', 'console.html', 'assets/console-*'],
      },
      devOptions: { enabled: false },
    }),
  ],
  define: { __WITH_DEVTOOL__: JSON.stringify(withDevtool) },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // Three pages: the app, the offline page the service worker shows when the network is gone, and the operator
      // console at /console/ (its own entry and chunks: the members' first screen does not carry it, decision 096).
      input: { index: 'index.html', offline: 'offline.html', console: 'console.html' },
      output: {
        // A chunk holding console code or a package only the console uses is named console-*: the service worker
        // leaves those out of its precache (above), and the budget test can tell the two apps' files apart.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => CONSOLE_MODULE.test(id)) ? 'assets/console-[name]-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          // The bundler splits every module shared by the shell and the lazy screens into a chunk of its own: dozens of
          // tiny files for the first screen. These groups keep them together (the first screen's budget, decision 005).
          groups: [
            // React and React DOM (with its scheduler): one long-cached chunk that the members' app and the console share
            // (decision 143); it changes only when React does.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // TanStack Query: the client, the hooks and the query option helpers every screen uses; not the mutation hook,
            // which only the console uses (it stays in the console's chunks: decision 096), nor useQueries, which one
            // health screen uses.
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/](?!.*[\\/](mutationObserver|useMutation|useQueries|queriesObserver)\.js$)/ },
            // The shell's plumbing and the UI kit pieces of the first screen (not the dialogs, forms or media pieces; not
            // the push and passkey code, which only the account and sign-in screens load: decision 177; nor the modules of
            // lib/ that only lazily loaded screens import: sign-out, the not-found answer, the write-failure hook, the
            // message fallback, the event passes' store).
            {
              name: 'kit',
              test: /[\\/]src[\\/](lib[\\/](?!language\.ts|useMediaQuery\.ts|push\.ts|auth[\\/](passkeys|signOut)\.ts|messageFallback\.ts|notFound\.ts|useWriteFailure\.ts|passes\.ts)|components[\\/](Spinner|LoginRequired|QueryState|SectionHeading|ReadMore)\.tsx)/,
            },
            // The home, the first screen most visitors open: its route and its lazily loaded parts (not the member's charts,
            // HomeCharts) in one file, and the event and announcement list pieces the home and their lists share (cards,
            // status tags, their calls and query keys) in another, instead of sixteen small files, each compressed on its
            // own (decision 182). Only the modules named: their dependencies stay where they were. The parts still hydrate
            // one by one (lazyPart): a part's import() finds its module in a chunk already loaded.
            {
              name: 'cards',
              test: /[\\/]src[\\/]features[\\/](events[\\/](components[\\/](EventCard|EventGrid|StatusTag|FavoriteButton)\.tsx|api[\\/](get-events|favorite-event|keys)\.ts|format\.ts)|announcements[\\/](components[\\/]AnnouncementItem\.tsx|api[\\/](get-announcements|keys)\.ts))$|[\\/]contract[\\/]src[\\/]time\.ts$/,
              includeDependenciesRecursively: false,
            },
            // The library's cards and search box, its new arrivals and query keys: the home's library part and the library's
            // pages share them.
            {
              name: 'library-cards',
              test: /[\\/]src[\\/]features[\\/]library[\\/](components[\\/](ArticleCard|SearchBox)\.tsx|api[\\/](get-new-arrivals|keys)\.ts)$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'home',
              test: /[\\/]src[\\/](app[\\/]routes[\\/]HomePage\.tsx|features[\\/][^\\/]+[\\/]components[\\/]Home(?!Charts)\w*\.tsx)$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // The Host header stays this server's: the API accepts the session cookie from the page's own origin (Origin ==
    // the Host it was sent to, outside production; docs/decisions/107-cookie-sessions.md).
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/media': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? serverBuild : browserBuild));
