// Browser journeys: Node environment (playwright-core drives Debian's Chromium), one file at a
// time per vitest process. `npm test` runs two or three such processes ("lanes") side by side
// against one stack, files that share seeded data in the same lane (e2e/support/lanes.ts). Within
// a lane the files share one worker (`isolate: false`), so they share one Chromium
// (e2e/support/browser.ts). The long timeouts are a harness allowance for slow machines, not
// assertions on speed.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  // The web modules the journeys import resolve @common as the web app does (web/vite.config.ts).
  resolve: {
    alias: [{
      find: /^@common\//,
      replacement: `${
        fileURLToPath(new URL('../supabase/functions/_shared/common', import.meta.url))
      }/`,
    }],
  },
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    // A failed journey reports what its open pages showed (e2e/support/failure-report.ts).
    setupFiles: ['e2e/support/failure-report.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // expect.poll's own default is 1 s: a mail or a saved row can take longer than that on a
    // machine running the other suites beside these (an allowance, never a speed assertion).
    expect: { poll: { timeout: 60_000, interval: 100 } },
    fileParallelism: false,
    isolate: false,
  },
})
