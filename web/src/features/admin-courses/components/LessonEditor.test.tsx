import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }))
const { LessonEditor } = await import('./LessonEditor')
const { emptyLesson } = await import('../api/course-schema')

afterEach(cleanup)

function renderEditor() {
  const onSave = vi.fn((_values: unknown) => Promise.resolve<string | null>(null))
  render(<LessonEditor initial={emptyLesson()} submitLabel='Add lesson' onSave={onSave} onCancel={() => {}} />)
  return onSave
}

const addLink = async (href: string) => {
  const toolbar = await screen.findByRole('toolbar', { name: 'Lesson text formatting' })
  // The lazily loaded editor shows its toolbar a moment before it can act on a click.
  const link = await waitFor(() => {
    const button = within(toolbar).getByRole<HTMLButtonElement>('button', { name: 'Link' })
    expect(button.disabled).toBe(false)
    return button
  })
  fireEvent.click(link)
  const dialog = await screen.findByRole('dialog', { name: 'Link' })
  fireEvent.change(within(dialog).getByLabelText('Link address'), { target: { value: href } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }))
  return dialog
}

describe('LessonEditor', () => {
  it('refuses a javascript: link in the editor, and applying the link does not save the lesson', async () => {
    const onSave = renderEditor()
    fireEvent.change(screen.getByLabelText('Lesson title'), { target: { value: 'Getting started' } })
    const dialog = await addLink('javascript:alert(1)')
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Links must start with http://, https://, mailto: or tel:',
    )
    expect(onSave).not.toHaveBeenCalled()
    fireEvent.change(within(dialog).getByLabelText('Link address'), { target: { value: 'tel:+441234567890' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onSave).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Add lesson' }))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    const saved = onSave.mock.calls[0]![0] as { title: string; content: unknown }
    expect(saved.title).toBe('Getting started')
    expect(JSON.stringify(saved.content)).toContain('"href":"tel:+441234567890"')
  })
  it('offers the three toolbar presets', async () => {
    renderEditor()
    const toolbar = await screen.findByRole('toolbar', { name: 'Lesson text formatting' })
    expect(within(toolbar).getAllByRole('button')).toHaveLength(7)
    fireEvent.change(screen.getByLabelText('Toolbar'), { target: { value: 'minimal' } })
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Bold', 'Italic', 'Link'])
    fireEvent.change(screen.getByLabelText('Toolbar'), { target: { value: 'full' } })
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toContain('Heading')
  })
  it('names a missing title beside the field and keeps the text', async () => {
    const onSave = renderEditor()
    fireEvent.click(screen.getByRole('button', { name: 'Add lesson' }))
    expect(await screen.findByText('Give the lesson a title.')).toBeTruthy()
    expect(onSave).not.toHaveBeenCalled()
  })
})
