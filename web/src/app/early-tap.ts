// A tap on a server-rendered page's button before the app ran (a gallery thumbnail, the menu
// button: nothing happens without the app) is not lost. The boot script (web/boot-script.ts)
// keeps the last button tapped until then; once the app runs, it stops listening and presses
// that button again as soon as React has hydrated it, so the visitor gets what they asked for, a
// moment late. (React does not replay such a click itself: the page's parts hydrate after the
// root, each in its own pass, and a click that comes first is dropped.)

interface EarlyTaps {
  __rootsTaps?: EventListener
  __rootsTap?: HTMLElement | null
}

/** How often, and how many times at most, the app looks whether the button has hydrated. */
const LOOK_EVERY_MS = 50
const LOOKS = 200

/** React's own marks on a DOM node it has taken over (its props, with the handlers). */
const hydrated = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'))

export function replayEarlyTap(win: Window = window, doc: Document = document): void {
  const w = win as unknown as EarlyTaps
  if (w.__rootsTaps) doc.removeEventListener('click', w.__rootsTaps, true)
  const tap = w.__rootsTap
  w.__rootsTaps = w.__rootsTap = undefined
  const press = (left: number) => {
    if (!tap?.isConnected) return
    if (hydrated(tap)) tap.click()
    else if (left > 0) win.setTimeout(() => press(left - 1), LOOK_EVERY_MS)
  }
  press(LOOKS)
}
