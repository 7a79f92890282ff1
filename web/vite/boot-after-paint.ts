// Build: the app starts after the first paint (web/boot-script.ts says why). The built
// index.html's entry script, its modulepreload links and the runtime config's script become the
// boot script, which requests them once the page has painted.
import type { Plugin } from 'vite'
import { bootScriptTag } from '../boot-script.ts'

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g
const CONFIG = /<script src="\/config\.js" defer><\/script>/

export function bootAfterPaint(): Plugin {
  return {
    name: 'roots-boot-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = ENTRY.exec(html)?.[1]
        if (!entry || !CONFIG.test(html)) {
          throw new Error(
            'boot-after-paint: index.html has no entry script or no /config.js script',
          )
        }
        const preload = [...html.matchAll(PRELOAD)].map((m) => m[1]!)
        return html
          .replace(ENTRY, '')
          .replace(PRELOAD, '')
          .replace(CONFIG, () => bootScriptTag(entry, preload))
      },
    },
  }
}
