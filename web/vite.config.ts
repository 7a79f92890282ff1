import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { staticStyles } from './vite/static-styles.ts'
import { sitemap } from './vite/sitemap.ts'
import { bootAfterPaint } from './vite/boot-after-paint.ts'
import { compileHints } from './vite/compile-hints.ts'

// The fixed local interfaces of ARCHITECTURE.md, used by the dev server only when the
// environment names no backend (`npm run dev` sets VITE_SUPABASE_URL).
const LOCAL_API_URL = 'http://127.0.0.1:54321'
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

/** Dev server: /config.js as the stack's web server writes it, from the environment. */
function runtimeConfig(): Plugin {
  return {
    name: 'roots-runtime-config',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== '/config.js') return next()
        const config = {
          supabaseUrl: process.env.VITE_SUPABASE_URL || LOCAL_API_URL,
          supabaseAnonKey: process.env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
        }
        res.setHeader('content-type', 'text/javascript; charset=utf-8')
        res.setHeader('cache-control', 'no-store')
        res.end(`window.__ROOTS_CONFIG__=${JSON.stringify(config)};\n`)
      })
    },
  }
}

/**
 * Build: a fresh build id compiled into the bundle (__BUILD_ID__) and published as
 * dist/builds/latest.json, which open tabs poll to notice a new deployment.
 */
function buildInfo(buildId: string): Plugin {
  return {
    name: 'roots-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: JSON.stringify({ buildId, builtAt: new Date().toISOString() }) + '\n',
      })
    },
  }
}

const HEAD_COLLECTOR = fileURLToPath(new URL('./src/app/ssr/head-collector.ts', import.meta.url))
const HEAD_MODULES = ['src/lib/head.ts', 'src/lib/page-meta.ts'].map((p) =>
  fileURLToPath(new URL(`./${p}`, import.meta.url))
)

/**
 * Server build only: useHead and usePageMeta set the document's head in effects, which
 * never run on the server, so every import of lib/head or lib/page-meta gets the head collector
 * instead (which records what the page asks for while it renders, and re-exports the rest).
 */
function serverHead(): Plugin {
  return {
    name: 'roots-server-head',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer === HEAD_COLLECTOR) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved && HEAD_MODULES.includes(resolved.id) ? HEAD_COLLECTOR : null
    },
  }
}

export default defineConfig(({ command, isSsrBuild }) => {
  const buildId = command === 'build'
    ? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`
    : 'dev'
  return {
    plugins: isSsrBuild ? [serverHead(), staticStyles(), react()] : [
      staticStyles(),
      react(),
      runtimeConfig(),
      buildInfo(buildId),
      sitemap(),
      bootAfterPaint(),
      compileHints(),
    ],
    define: { __BUILD_ID__: JSON.stringify(buildId) },
    resolve: {
      alias: [
        // Rules the functions apply too (role names, the phone pattern, redirect paths): pure
        // TypeScript that both Deno and Vite import, owned by supabase/functions/_shared/common.
        {
          find: /^@common\//,
          replacement: `${
            fileURLToPath(new URL('../supabase/functions/_shared/common', import.meta.url))
          }/`,
        },
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        // wouter imports the React 17 shim; React 19 has the hook built in.
        {
          find: /^use-sync-external-store\/shim(\/index\.js)?$/,
          replacement: fileURLToPath(
            new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url),
          ),
        },
      ],
    },
    // The server build (dist/.server/entry-server.js, web/server/build.ts) is one self-contained
    // module the stack's Deno web server imports: no packages resolved at run time.
    ssr: { noExternal: true },
    build: isSsrBuild
      ? {
        copyPublicDir: false,
        sourcemap: false,
        emptyOutDir: true,
        // One file (lazy pages inlined), so the web server can import a rebuilt one afresh.
        rolldownOptions: { output: { codeSplitting: false } },
      }
      : {
        outDir: 'dist',
        // dist/.vite/manifest.json: the stylesheets of a lazy page, which the web server links
        // from a server-rendered page's head (web/server/server.ts; never served itself).
        manifest: true,
        emptyOutDir: true,
        sourcemap: false,
        // Every browser the app supports has modulepreload; the polyfill would only add bytes.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            // Everything the entry imports statically (React, the router, the home page, the
            // stores) in one chunk: one request and one gzip dictionary for the first load.
            // Lazy pages keep their own chunks and share the rest automatically.
            // The small wording helpers several lazy public pages share (a wait, a price, a
            // date) go in one chunk rather than one each: every chunk's name is listed in the
            // shell's preload map, which has no bytes to spare under its 90 KB.
            codeSplitting: {
              groups: [
                { name: 'app-shell', tags: ['$initial'] },
                {
                  name: 'wording',
                  test:
                    /[\\/](src[\\/]lib[\\/](dates|sites[\\/]wait)|_shared[\\/]common[\\/]dates)\.ts$/,
                },
              ],
            },
          },
        },
      },
    test: {
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
      setupFiles: ['src/test-setup.ts'],
      // A harness allowance for a shared 2-core machine (npm test runs the browser journeys
      // beside these): at load averages near 20 a lazy editor or map took over vitest's 5 s.
      testTimeout: 60_000,
      // Vitest's default is one worker fewer than the cores: one worker on a two-core machine,
      // where `npm test` runs the journeys after this suite, not beside it (only the mostly idle
      // Deno suite runs beside it). Two workers took the suite from 206 s to 126 s on such a
      // machine; on more cores the default stands.
      maxWorkers: Math.max(2, availableParallelism() - 1),
    },
  }
})
