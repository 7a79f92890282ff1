// Builds the web app's production bundle when its sources are newer than the last build.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { paths, ROOT } from './config.ts'
import { serverEntry } from './web-server.ts'

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

export async function buildWeb(force = false): Promise<void> {
  const index = join(paths.webDist, 'index.html')
  if (!force && existsSync(index) && existsSync(serverEntry(paths.webDist))) {
    const built = (await Deno.stat(index)).mtime?.getTime() ?? 0
    const src = Math.max(
      await newestMtime(join(ROOT, 'web', 'src')),
      await newestMtime(join(ROOT, 'supabase', 'functions', '_shared', 'common')),
      await newestMtime(join(ROOT, 'web', 'public')),
      // The build's own code: its plugins and the boot script they put in every page.
      await newestMtime(join(ROOT, 'web', 'vite')),
      ...['index.html', 'vite.config.ts', 'boot-script.ts'].map((f) =>
        Deno.statSync(join(ROOT, 'web', f)).mtime?.getTime() ?? 0
      ),
    )
    if (built >= src) return
  }
  console.log('[web] building the production bundle…')
  const out = await new Deno.Command(join(ROOT, 'node_modules', '.bin', 'vite'), {
    args: ['build', '--logLevel', 'warn', '--outDir', paths.webDist, '--emptyOutDir'],
    cwd: join(ROOT, 'web'),
    stdout: 'inherit',
    stderr: 'inherit',
  }).output()
  if (out.code !== 0) throw new Error('vite build failed')
  // The same pages for the server, into dist/.server/ (never served: web-server.ts refuses it).
  const ssr = await new Deno.Command(join(ROOT, 'node_modules', '.bin', 'vite'), {
    args: [
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--logLevel',
      'warn',
      '--outDir',
      join(paths.webDist, '.server'),
      '--emptyOutDir',
    ],
    cwd: join(ROOT, 'web'),
    env: { VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    stdout: 'inherit',
    stderr: 'inherit',
  }).output()
  if (ssr.code !== 0) throw new Error('vite build --ssr failed')
}
