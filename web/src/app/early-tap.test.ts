import { describe, expect, it, vi } from 'vitest'
import { BOOT_SCRIPT } from '../../boot-script'
import { replayEarlyTap } from './early-tap'

/** Runs the page's boot script as the HTML would, with the app's start taken out. */
function runBootScript() {
  const s = document.createElement('script')
  s.dataset.entry = '/never.js'
  s.dataset.after = 'contentful-paint'
  Object.defineProperty(document, 'currentScript', { value: s, configurable: true })
  // The script starts the app after the next frame; this test has none.
  vi.stubGlobal('requestAnimationFrame', () => 0)
  new Function(BOOT_SCRIPT)()
  vi.unstubAllGlobals()
  delete (document as { currentScript?: unknown }).currentScript
}

/** What React's hydration leaves on a node it takes over. */
const hydrate = (el: Element) => Object.assign(el, { [`__reactProps$test`]: {} })

describe('a tap before the app has started', () => {
  it('is kept by the boot script and pressed once the app runs, once', () => {
    vi.useFakeTimers()
    document.body.innerHTML = `
      <div id="root">
        <button type="button" id="thumb">Photo 2</button>
        <button type="button" id="other">Next</button>
        <a href="#x" id="link">Link</a>
        <form><button id="submit">Send</button></form>
      </div>`
    runBootScript()
    const pressed: string[] = []
    document.getElementById('other')!.click()
    document.getElementById('thumb')!.click()
    // Links and a form's submit work without the app: not kept.
    document.getElementById('link')!.click()
    document.getElementById('submit')!.addEventListener('click', (e) => e.preventDefault())
    document.getElementById('submit')!.click()
    // The app runs; its handlers are on, but React has not yet taken the buttons over.
    for (const id of ['thumb', 'other']) {
      document.getElementById(id)!.addEventListener('click', () => pressed.push(id))
    }
    replayEarlyTap()
    vi.advanceTimersByTime(500)
    expect(pressed).toEqual([])
    // Hydrated (React's props on the node): pressed, once.
    hydrate(document.getElementById('thumb')!)
    vi.advanceTimersByTime(50)
    expect(pressed).toEqual(['thumb'])
    vi.advanceTimersByTime(5000)
    expect(pressed).toEqual(['thumb'])
    // Stopped listening: a later tap is the app's alone, and nothing is replayed again.
    hydrate(document.getElementById('other')!)
    document.getElementById('other')!.click()
    replayEarlyTap()
    expect(pressed).toEqual(['thumb', 'other'])
    vi.useRealTimers()
  })

  it('does nothing when no button was tapped, or the one tapped is gone', () => {
    vi.useFakeTimers()
    document.body.innerHTML = `<div id="root"><button type="button" id="gone">x</button></div>`
    runBootScript()
    document.getElementById('gone')!.click()
    const gone = document.getElementById('gone')!
    const pressed = vi.fn()
    gone.addEventListener('click', pressed)
    hydrate(gone)
    gone.remove()
    replayEarlyTap()
    vi.advanceTimersByTime(5000)
    expect(pressed).not.toHaveBeenCalled()
    replayEarlyTap()
    expect(pressed).not.toHaveBeenCalled()
    vi.useRealTimers()
  })
})
