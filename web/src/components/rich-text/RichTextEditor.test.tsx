import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LazyRichTextEditor } from './LazyRichTextEditor'
import RichTextEditor from './RichTextEditor'
import { TOOLBAR_PRESETS } from './toolbar'

afterEach(cleanup)

const toolNames = () =>
  within(screen.getByRole('toolbar'))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'))

describe('RichTextEditor', () => {
  it('shows the minimal, essential and full presets', () => {
    render(<RichTextEditor label='Description' preset='minimal' />)
    expect(toolNames()).toEqual(['Bold', 'Italic', 'Link'])
    cleanup()
    render(<RichTextEditor label='Description' preset='essential' />)
    expect(toolNames()).toEqual(['Bold', 'Italic', 'Link', 'Bulleted list', 'Numbered list', 'Undo', 'Redo'])
    cleanup()
    render(<RichTextEditor label='Description' preset='full' onUploadImage={() => Promise.resolve('/images/x.png')} />)
    expect(toolNames()).toHaveLength(TOOLBAR_PRESETS.full.length)
    expect(toolNames()).toContain('Image')
    cleanup()
    render(<RichTextEditor label='Description' preset='full' />)
    expect(toolNames()).not.toContain('Image')
  })

  it('names the editing area and the toolbar', () => {
    render(
      <RichTextEditor
        label='Site description'
        value={{ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }] }}
      />,
    )
    const box = screen.getByRole('textbox', { name: 'Site description' })
    expect(box.getAttribute('aria-multiline')).toBe('true')
    expect(box.textContent).toBe('Hello')
    expect(screen.getByRole('toolbar', { name: 'Site description formatting' })).toBeTruthy()
  })

  it('refuses a javascript: link in the link dialog with a message', async () => {
    render(<RichTextEditor label='Body' preset='minimal' />)
    fireEvent.click(screen.getByRole('button', { name: 'Link' }))
    const input = await screen.findByLabelText('Link address')
    fireEvent.change(input, { target: { value: 'javascript:alert(1)' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Links must start with http://, https://, mailto: or tel:',
    )
    expect(input.getAttribute('aria-invalid')).toBe('true')
  })

  it('reports JSON through onChange when a link is added', async () => {
    const changes: unknown[] = []
    render(<RichTextEditor label='Body' preset='minimal' onChange={(v) => changes.push(v)} />)
    fireEvent.click(screen.getByRole('button', { name: 'Link' }))
    fireEvent.change(await screen.findByLabelText('Link address'), { target: { value: 'https://roots.example' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(changes).toHaveLength(1))
    expect(JSON.stringify(changes[0])).toContain('"href":"https://roots.example/"')
  })

  it('applying a link does not submit the form the editor sits in (React bubbles submits out of portals)', async () => {
    let outerSubmits = 0
    const changes: unknown[] = []
    render(
      <form
        onSubmit={(e) => {
          e.preventDefault()
          outerSubmits++
        }}
      >
        <RichTextEditor label='Body' preset='minimal' onChange={(v) => changes.push(v)} />
      </form>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Link' }))
    fireEvent.change(await screen.findByLabelText('Link address'), { target: { value: 'https://roots.example' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(changes).toHaveLength(1))
    expect(outerSubmits).toBe(0)
  })

  it('loads lazily', async () => {
    render(<LazyRichTextEditor label='Lazy body' preset='minimal' />)
    expect(await screen.findByRole('textbox', { name: 'Lazy body' })).toBeTruthy()
  })
})
