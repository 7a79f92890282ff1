import { afterEach, describe, expect, it } from 'vitest'
import { isFormField, isTyping, subscribeTyping } from './typing'

afterEach(() => {
  ;(document.activeElement as HTMLElement | null)?.blur()
  document.body.innerHTML = ''
})

describe('typing signal', () => {
  it('counts fields a visitor types into or sets, never buttons', () => {
    document.body.innerHTML =
      `<input id='t'><input type='checkbox' id='c'><input type='submit' id='s'><textarea id='a'></textarea>
      <select id='l'></select><button id='b'>Go</button><div id='e' contenteditable='true'></div>`
    const el = (id: string) => document.getElementById(id)
    expect(['t', 'c', 'a', 'l'].map((id) => isFormField(el(id)))).toEqual([true, true, true, true])
    expect(['s', 'b'].map((id) => isFormField(el(id)))).toEqual([false, false])
    expect(isFormField(null)).toBe(false)
  })

  it('is true while a field has focus, stays true from one field to the next, and tells its listeners', () => {
    document.body.innerHTML = `<input id='one'><input id='two'><button id='go'>Go</button>`
    let calls = 0
    const stop = subscribeTyping(() => {
      calls++
    })
    document.getElementById('one')!.focus()
    expect(isTyping()).toBe(true)
    document.getElementById('two')!.focus()
    expect(isTyping()).toBe(true)
    expect(calls).toBe(1)
    document.getElementById('go')!.focus()
    expect(isTyping()).toBe(false)
    expect(calls).toBe(2)
    stop()
  })

  it('a press that takes focus from a field keeps the bar away through the click, a second tap, and until a scroll', async () => {
    document.body.innerHTML = `<input id='field'><button id='save'>Save</button>`
    const stop = subscribeTyping(() => {})
    document.getElementById('field')!.focus()
    expect(isTyping()).toBe(true)
    // pointerdown, then the browser moves focus to the button: the bar must not come back yet,
    // or the release would land on it instead of on "Save".
    const press = async () => {
      document.dispatchEvent(new Event('pointerdown'))
      document.getElementById('save')!.focus()
      document.dispatchEvent(new Event('pointerup'))
      await new Promise((r) => setTimeout(r, 0))
    }
    await press()
    expect(isTyping()).toBe(true)
    // The second tap of a double tap, and the button losing focus as it is disabled while the
    // form sends: the bar stays away, so neither lands on it.
    await press()
    ;(document.activeElement as HTMLElement).blur()
    expect(isTyping()).toBe(true)
    // Scrolling on: back it comes.
    document.dispatchEvent(new Event('scroll'))
    expect(isTyping()).toBe(false)
    // A field again, then Tab to the button: back at once (no press to protect).
    document.getElementById('field')!.focus()
    expect(isTyping()).toBe(true)
    document.getElementById('save')!.focus()
    expect(isTyping()).toBe(false)
    // Away after a press, then the page hands focus to a control (a dialog closing returns it to
    // the button that opened it): back at once, so focus never rests on a hidden element.
    document.getElementById('field')!.focus()
    await press()
    expect(isTyping()).toBe(true)
    ;(document.activeElement as HTMLElement).blur()
    document.getElementById('save')!.focus()
    expect(isTyping()).toBe(false)
    stop()
  })

  it('a press that ends in another field keeps typing on', async () => {
    document.body.innerHTML = `<input id='one'><button id='b'>B</button><input id='two'>`
    const stop = subscribeTyping(() => {})
    document.getElementById('one')!.focus()
    document.dispatchEvent(new Event('pointerdown'))
    document.getElementById('b')!.focus()
    document.getElementById('two')!.focus()
    document.dispatchEvent(new Event('pointerup'))
    await new Promise((r) => setTimeout(r, 0))
    expect(isTyping()).toBe(true)
    stop()
  })
})
