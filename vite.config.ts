import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME_COLOR = '#1c7ed6';

/**
 * Records the chunk graph of the client build for scripts/budget.ts, outside dist/ so it is never
 * served. (The service worker is a separate build that does not run this plugin.)
 */
function chunkGraph(): Plugin {
  return {
    name: 'jinli-chunk-graph',
    apply: 'build',
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
                css: [...(output.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      mkdirSync('node_modules/.cache/jinli-build', { recursive: true });
      writeFileSync('node_modules/.cache/jinli-build/chunks.json', JSON.stringify({ chunks }, null, 2));
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|json|webmanifest|svg)$/;

/**
 * Writes `.br` and `.gz` next to every text asset so the server can send them as they are
 * (@fastify/static `preCompressed: true`) instead of compressing on each request.
 */
function precompress(): Plugin {
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
      for (const file of walk(outDir)) {
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
    precompress(),
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
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
      devOptions: { enabled: false, type: 'module' },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // React, the router and the query client are on every page: one chunk instead of a score of small
    // ones shortens the first load's request chain (the rest stays split automatically).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query|query-persist-client-core|react-query-persist-client)|idb-keyval|workbox-window)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/ajax': 'http://127.0.0.1:3000', '/sse': 'http://127.0.0.1:3000' },
  },
});
