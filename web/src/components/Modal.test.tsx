import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useState } from 'react'
import { Modal } from './Modal'

afterEach(cleanup)

/** A page with a button that opens a dialog holding two fields; saving disables the opener until it is done. */
function Page({ delayClose = false }: { delayClose?: boolean }) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [name, setName] = useState('')
  const [town, setTown] = useState('')
  return (
    <div>
      <button type='button' disabled={busy} onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal title='Details' onClose={() => setOpen(false)}>
          <label>
            Name <input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            Town <input value={town} onChange={(e) => setTown(e.target.value)} />
          </label>
          <button
            type='button'
            onClick={() => {
              // The action disables the opener, then one update closes the dialog and enables it.
              setBusy(true)
              if (delayClose) {
                queueMicrotask(() => {
                  setBusy(false)
                  setOpen(false)
                })
              }
            }}
          >
            Save
          </button>
        </Modal>
      )}
    </div>
  )
}

function renderPage(props: { delayClose?: boolean } = {}) {
  const root = document.createElement('div')
  root.id = 'root'
  document.body.appendChild(root)
  render(<Page {...props} />, { container: root })
  return root
}

describe('Modal', () => {
  it('has focus inside and the page inert in the same commit that shows it', () => {
    const root = renderPage()
    const opener = screen.getByRole('button', { name: 'Open' })
    opener.focus()
    act(() => fireEvent.click(opener))
    // No waiting: the commit that showed the dialog already moved focus.
    const dialog = screen.getByRole('dialog', { name: 'Details' })
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(root.hasAttribute('inert')).toBe(true)
  })

  it('keeps focus in the field being typed in when the page behind re-renders', () => {
    renderPage()
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Open' })))
    const town = screen.getByLabelText('Town')
    town.focus()
    fireEvent.change(town, { target: { value: 'Bath' } })
    fireEvent.change(town, { target: { value: 'Bath Spa' } })
    expect((town as HTMLInputElement).value).toBe('Bath Spa')
    expect(document.activeElement).toBe(town)
  })

  it('gives focus back to its opener, even one disabled until the update that closes it', async () => {
    const root = renderPage({ delayClose: true })
    const opener = screen.getByRole('button', { name: 'Open' })
    opener.focus()
    act(() => fireEvent.click(opener))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }))
      await Promise.resolve()
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(root.hasAttribute('inert')).toBe(false)
    expect(document.activeElement).toBe(opener)
  })

  it('closes on Escape and gives focus back', () => {
    renderPage()
    const opener = screen.getByRole('button', { name: 'Open' })
    opener.focus()
    act(() => fireEvent.click(opener))
    act(() => fireEvent.keyDown(document, { key: 'Escape' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })
})
