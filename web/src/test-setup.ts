// Vitest setup for every web test. Testing Library's find* queries wait 1 s by default; lazily
// loaded pieces (the rich-text editor, route chunks) can take longer on a shared 2-core machine
// while the browser journeys run beside the unit tests. This is a harness allowance for slow
// machines, not an assertion on speed: a find* that never matches still fails.
import { configure } from '@testing-library/react'
import { vi } from 'vitest'

/** How long a test waits for something to happen before it fails. */
const WAIT_MS = 30_000

configure({ asyncUtilTimeout: WAIT_MS })
// `vi.waitFor` has its own default of 1 s, which a loaded machine can miss: the same allowance.
const waitFor = vi.waitFor
vi.waitFor = ((fn, options) =>
  waitFor(
    fn,
    typeof options === 'number' ? options : { timeout: WAIT_MS, ...options },
  )) as typeof vi.waitFor
