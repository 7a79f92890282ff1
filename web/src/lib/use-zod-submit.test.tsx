import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import hotToast, { useToasterStore } from 'react-hot-toast'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { useZodSubmit } from './use-zod-submit'

/** The toasts on screen (a dismissed one only waits for its exit animation). */
function Shown() {
  const { toasts } = useToasterStore()
  return (
    <ul aria-label='toasts'>
      {toasts
        .filter((t) => t.visible)
        .map((t) => (
          <li key={t.id}>{String(t.message)}</li>
        ))}
    </ul>
  )
}

const schema = z.object({ name: z.string().min(1, 'Enter a name.') })

function Form({ send }: { send: () => Promise<void> }) {
  const { ref, onSubmit } = useZodSubmit(schema, { send })
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label='Name form'>
      <input name='name' aria-label='Name' />
      <button type='submit'>Save</button>
    </form>
  )
}

const shown = () =>
  Array.from(screen.getByRole('list', { name: 'toasts' }).querySelectorAll('li')).map((li) => li.textContent)

afterEach(() => {
  act(() => hotToast.remove())
  cleanup()
})

describe('useZodSubmit', () => {
  it('dismisses the error toasts of earlier failed submits once a submit succeeds', async () => {
    let fail = true
    const send = () => (fail ? Promise.reject(new Error('The server said no.')) : Promise.resolve())
    render(
      <>
        <Form send={send} />
        <Shown />
      </>,
    )
    fireEvent.submit(screen.getByRole('form', { name: 'Name form' }))
    await waitFor(() => expect(shown()).toEqual(['Some details need attention: see the highlighted fields.']))
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } })
    fireEvent.submit(screen.getByRole('form', { name: 'Name form' }))
    await waitFor(() => expect(shown()).toContain('The server said no.'))
    fail = false
    fireEvent.submit(screen.getByRole('form', { name: 'Name form' }))
    await waitFor(() => expect(shown()).toEqual([]))
  })

  it("leaves other forms' and the page's toasts alone", async () => {
    const send = vi.fn(() => Promise.resolve())
    render(
      <>
        <Form send={send} />
        <Shown />
      </>,
    )
    act(() => {
      hotToast.error('Something else failed')
    })
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } })
    fireEvent.submit(screen.getByRole('form', { name: 'Name form' }))
    await waitFor(() => expect(send).toHaveBeenCalled())
    await act(async () => {
      await Promise.resolve()
    })
    expect(shown()).toEqual(['Something else failed'])
  })
})
