// Builds the web app when its sources are newer than the last build: both halves, as `npm run
// build` does (the browser's into dist/, the server renderer into dist/.server/). `npm start`,
// `npm test` and `npm run bench` call it before serving the build.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serverEntry } from './server.ts'

/** web/ and the repository it sits in. */
const WEB = fileURLToPath(new URL('..', import.meta.url))
const ROOT = join(WEB, '..')

/** Where the build goes: web/dist, or ROOTS_WEB_DIST (parallel checkouts build their own). */
export const WEB_DIST = Deno.env.get('ROOTS_WEB_DIST') || join(WEB, 'dist')

export async function newestMtime(dir: string): Promise<number> {
  let newest = 0
  if (!existsSync(dir)) return 0
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name)
    if (e.isDirectory) newest = Math.max(newest, await newestMtime(p))
    else newest = Math.max(newest, (await Deno.stat(p)).mtime?.getTime() ?? 0)
  }
  return newest
}

export async function buildWeb(force = false, distDir = WEB_DIST): Promise<void> {
  const index = join(distDir, 'index.html')
  if (!force && existsSync(index) && existsSync(serverEntry(distDir))) {
    const built = (await Deno.stat(index)).mtime?.getTime() ?? 0
    const src = Math.max(
      await newestMtime(join(WEB, 'src')),
      await newestMtime(join(ROOT, 'supabase', 'functions', '_shared', 'common')),
      await newestMtime(join(WEB, 'public')),
      // The build's own code: its plugins and the boot script they put in every page.
      await newestMtime(join(WEB, 'vite')),
      ...['index.html', 'vite.config.ts', 'boot-script.ts'].map((f) =>
        Deno.statSync(join(WEB, f)).mtime?.getTime() ?? 0
      ),
    )
    if (built >= src) return
  }
  console.log('[web] building the production bundle…')
  const out = await new Deno.Command(join(ROOT, 'node_modules', '.bin', 'vite'), {
    args: ['build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'],
    cwd: WEB,
    stdout: 'inherit',
    stderr: 'inherit',
  }).output()
  if (out.code !== 0) throw new Error('vite build failed')
  // The same pages for the server, into dist/.server/ (never served: server.ts refuses it).
  const ssr = await new Deno.Command(join(ROOT, 'node_modules', '.bin', 'vite'), {
    args: [
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--logLevel',
      'warn',
      '--outDir',
      join(distDir, '.server'),
      '--emptyOutDir',
    ],
    cwd: WEB,
    env: { VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    stdout: 'inherit',
    stderr: 'inherit',
  }).output()
  if (ssr.code !== 0) throw new Error('vite build --ssr failed')
}
