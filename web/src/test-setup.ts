// Vitest setup for every web test. Testing Library's find* queries wait 1 s by default; lazily
// loaded pieces (the rich-text editor, route chunks) can take longer on a shared 2-core machine
// while the browser journeys run beside the unit tests. This is a harness allowance for slow
// machines, not an assertion on speed: a find* that never matches still fails.
import { configure } from '@testing-library/react'

configure({ asyncUtilTimeout: 30_000 })
