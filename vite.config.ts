import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build, defineConfig, type Connect, type LogLevel, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME_COLOR = '#1c7ed6';
/** The operator back office: its HTML, and the folder of dist/ everything of it is written to. */
const BACKOFFICE_HTML = 'backoffice/index.html';
const BACKOFFICE_DIR = 'backoffice';

/**
 * Records the chunk graph of the client build for scripts/budget.ts, outside dist/ so it is never
 * served. (The service worker is a separate build that does not run this plugin.)
 */
function chunkGraph(): Plugin {
  let outDir = 'dist';
  return {
    name: 'jinli-chunk-graph',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                isEntry: output.isEntry,
                imports: output.imports,
                dynamicImports: output.dynamicImports,
                moduleIds: output.moduleIds.map((id) => id.replace(process.cwd(), '')),
                // Rendered size of each module (before minification), to see what makes a chunk heavy.
                moduleSizes: Object.fromEntries(
                  Object.entries(output.modules).map(([id, module]) => [id.replace(process.cwd(), ''), module.renderedLength]),
                ),
                css: [...(output.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      mkdirSync('node_modules/.cache/jinli-build', { recursive: true });
      const graph = JSON.stringify({ chunks }, null, 2);
      writeFileSync('node_modules/.cache/jinli-build/chunks.json', graph);
      // One per output folder as well: builds into other folders (in parallel) do not overwrite it.
      writeFileSync(`node_modules/.cache/jinli-build/chunks-${path.basename(path.resolve(outDir))}.json`, graph);
    },
  };
}

/**
 * The modules the first route needs: the app that main.tsx imports (boot.tsx) and the lobby's route
 * component (the page most visits open), with their static imports, less what the entry imports
 * itself. Rolldown would otherwise give every module shared by the app and a lazy route a chunk of
 * its own — dozens of small requests on the first load, each costing a round trip on a phone
 * network. `firstRoute.test` gathers them into one group, a chunk of its own that main.tsx imports
 * after the framework (each evaluates in a task of its own); what only lazy routes use stays split.
 * Only our own modules are tested: a package's barrel file reaches all of the package, and the group
 * takes the dependencies of what it captures with it anyway (after tree-shaking, so just what is used).
 * `testShared` splits the group's `src/shared` modules (the API's schemas, which zod builds as they
 * evaluate) into a chunk of their own (with zod's configuration, evaluated first: src/app/schemas.ts),
 * which main.tsx evaluates in a task before the app's.
 */
function firstRouteModules(): Plugin & { test(id: string): boolean; testShared(id: string): boolean } {
  const members = new Set<string>();
  const FIRST_ROUTE_ROOTS = /\/src\/app\/(boot\.tsx|routes\/index\.tsx\?tsr-split=component)$/;
  return {
    name: 'jinli-first-route-modules',
    apply: 'build',
    buildEnd() {
      members.clear();
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const pending = [...roots];
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      // What the entry itself imports stays in the entry chunk: were it in the group, the entry would
      // import the group's chunk statically and evaluate the whole app with it.
      const entry = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      for (const id of closure(ids.filter((id) => FIRST_ROUTE_ROOTS.test(id)))) if (!entry.has(id)) members.add(id);
    },
    test: (id: string) => members.has(id) && !id.includes('/node_modules/'),
    /** The first route's share of `src/shared` (the API's schemas, built at evaluation): a chunk of its own. */
    testShared: (id: string) => SHARED_ENTRY.test(id) || (members.has(id) && id.includes('/src/shared/')),
  };
}

/** The module main.tsx imports to evaluate the `src/shared` chunk, and zod's configuration, which it evaluates first. */
const SHARED_ENTRY = /[\\/]src[\\/]app[\\/](schemas\.ts|lib[\\/]zod-config\.ts)$/;

const firstRoute = firstRouteModules();

/**
 * The back office is a second app built on its own, after the PWA, into dist/backoffice/: a module
 * graph of its own shares no chunk with the PWA, so nothing of it can land in a chunk the player's
 * app loads (a chunk shared between two entries of one build would even carry the PWA's startup code
 * into the back office), and the PWA's chunking and first-route bundle stay exactly as they were.
 * The service worker's precache globs leave the folder out.
 */
function backofficeApp(): Plugin {
  let outDir = 'dist';
  let logLevel: LogLevel | undefined;
  return {
    name: 'jinli-backoffice-app',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      logLevel = config.logLevel;
    },
    async closeBundle() {
      await build({
        configFile: false,
        ...(logLevel ? { logLevel } : {}),
        // public/ is the PWA's and already copied.
        publicDir: false,
        plugins: [react(), precompress(BACKOFFICE_DIR)],
        build: {
          outDir,
          emptyOutDir: false,
          assetsDir: `${BACKOFFICE_DIR}/assets`,
          target: 'es2022',
          sourcemap: false,
          rolldownOptions: { input: path.resolve(BACKOFFICE_HTML) },
        },
      });
    },
  };
}

/** The dev server answers /backoffice and its deep links with the back office's HTML, not the PWA's. */
function backofficeDevFallback(): Plugin {
  const rewrite: Connect.NextHandleFunction = (request, _response, next) => {
    const url = request.url ?? '';
    const pathname = url.split('?')[0]!;
    const isPage = pathname === '/backoffice' || (pathname.startsWith('/backoffice/') && !/\.[a-z0-9]+$/i.test(pathname));
    if (isPage && request.headers.accept?.includes('text/html')) request.url = `/${BACKOFFICE_HTML}`;
    next();
  };
  return {
    name: 'jinli-backoffice-dev-fallback',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * When index.html paints the phone lobby itself (its `data-static-shell`), the app's code is asked for
 * once that first frame is out, not before: fetched first, it would be ready (and run) before the
 * frame, and Lighthouse's simulation then counts the whole download as blocking the paint. Every other
 * first load asks for it at once, as the tags Vite writes would. An inline script, so the CSP lists
 * its hash (src/server/http/inline-script-hashes.ts reads the built page).
 */
/**
 * The chunks main.tsx imports at start (the framework, then the app: dynamic imports, so that each
 * evaluates in a task of its own) with their static imports and stylesheets: fetched from the start
 * like static imports, not one after the other.
 */
function stagedChunks(entry: Rollup.OutputChunk | undefined, bundle: Rollup.OutputBundle | undefined): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle?.[file];
    if (scripts.has(`/${file}`) || chunk?.type !== 'chunk') return;
    scripts.add(`/${file}`);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(`/${css}`);
    chunk.imports.forEach(visit);
  };
  entry?.dynamicImports.forEach(visit);
  return { scripts: [...scripts], styles: [...styles] };
}

function appCodeAfterStaticShell(): Plugin {
  return {
    name: 'jinli-app-code-after-static-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith(`${path.sep}index.html`) || context.filename.includes(BACKOFFICE_DIR)) return html;
        const scripts = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!);
        const staged = stagedChunks(context.chunk, context.bundle);
        const preloads = [...new Set([...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!).concat(staged.scripts))];
        if (scripts.length !== 1) return html;
        // The stylesheets of the app's chunks, in the head as when the app was one static graph.
        const styles = staged.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('\n    ');
        const loader = `<script>
      (function () {
        function load() {
          ${JSON.stringify(preloads)}.forEach(function (href) {
            var link = document.createElement('link');
            link.rel = 'modulepreload';
            link.crossOrigin = '';
            link.href = href;
            document.head.appendChild(link);
          });
          var script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = '';
          script.src = ${JSON.stringify(scripts[0])};
          document.head.appendChild(script);
        }
        if (document.documentElement.hasAttribute('data-static-shell')) {
          requestAnimationFrame(function () {
            setTimeout(load, 0);
          });
        } else {
          load();
        }
      })();
    </script>`;
        return html
          .replace(MODULE_SCRIPT, '')
          .replace(MODULE_PRELOAD, '')
          .replace('</head>', `    ${styles}\n    ${loader}\n  </head>`);
      },
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|json|webmanifest|svg)$/;

/**
 * Writes `.br` and `.gz` next to every text asset (of `only`, a folder of the output, when given) so
 * the server can send them as they are (@fastify/static `preCompressed: true`) instead of
 * compressing on each request.
 */
function precompress(only?: string): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return {
    name: 'jinli-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      // The back office's build compresses its own folder.
      const files = only ? walk(path.join(outDir, only)) : walk(outDir).filter((file) => !file.startsWith(path.join(outDir, BACKOFFICE_DIR, path.sep)));
      for (const file of files) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const source = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    // Must precede react(): it rewrites route files for code splitting and writes the route tree.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    chunkGraph(),
    firstRoute,
    appCodeAfterStaticShell(),
    precompress(),
    backofficeDevFallback(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'robots.txt'],
      manifest: {
        id: '/',
        name: '锦鲤',
        short_name: '锦鲤',
        description: '锦鲤彩票与游戏平台',
        lang: 'zh-CN',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        categories: ['games', 'entertainment'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The plugin adds the manifest and its icons itself; listing svg/webmanifest here would duplicate them.
        globPatterns: ['**/*.{js,css,html}', 'content/**/*.json'],
        globIgnores: [`${BACKOFFICE_DIR}/**`],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
      devOptions: { enabled: false, type: 'module' },
    }),
    backofficeApp(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // The page's own <link rel="modulepreload"> stay; a dynamic import preloads nothing beyond its CSS.
    // On / a score of background parts (floats, footer buttons, query modules) load after the first
    // paint, and preloading each one's dependencies cost more main-thread time than the requests it
    // saved (Lighthouse TBT, docs/pwa.md, eighth pass). A route opened before the service worker has
    // its files fetches its chunk's imports one level at a time; afterwards they come from the precache.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    // React, the router and the query client are on every page: one chunk instead of a score of small
    // ones shortens the first load's request chain (the rest stays split automatically).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React first, then the router and the query client: each evaluates in a task of its own (main.tsx).
            { name: 'react', priority: 2, test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'framework',
              priority: 2,
              test: /node_modules[\\/](@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query|query-persist-client-core|react-query-persist-client)|idb-keyval)[\\/]/,
            },
            { name: 'first-route-shared', priority: 1, test: (id) => firstRoute.testShared(id) },
            { name: 'first-route', priority: 1, test: (id) => firstRoute.test(id) },
            // The entry's dynamic imports and the app's both use it: in the first route's group the
            // entry would import that chunk statically, and so evaluate the whole app at once.
            { name: 'preload-helper', priority: 3, test: /^\0vite\/preload-helper/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/ajax': 'http://127.0.0.1:3000', '/sse': 'http://127.0.0.1:3000' },
  },
});
