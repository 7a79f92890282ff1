import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import hotToast, { useToasterStore } from 'react-hot-toast'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { useFormSave } from './ui'

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
type Values = z.infer<typeof schema>
let submit: (values: Values, save: (v: Values) => Promise<string | null>) => Promise<void>

function Form() {
  submit = useFormSave<Values>(schema, 'plan').submit
  return null
}

const shown = () =>
  Array.from(screen.getByRole('list', { name: 'toasts' }).querySelectorAll('li')).map((li) => li.textContent)

afterEach(() => {
  act(() => hotToast.remove())
  cleanup()
})

describe('useFormSave', () => {
  it('dismisses the error toasts of earlier failed saves once a save succeeds', async () => {
    render(
      <>
        <Form />
        <Shown />
      </>,
    )
    await act(() => submit({ name: '' }, () => Promise.resolve(null)))
    await waitFor(() => expect(shown()).toEqual(['The plan was not saved: check the highlighted fields.']))
    await act(() => submit({ name: 'Full plot' }, () => Promise.resolve('A plan with that name exists.')))
    await waitFor(() => expect(shown()).toContain('A plan with that name exists.'))
    await act(() => submit({ name: 'Full plot 2' }, () => Promise.resolve(null)))
    await waitFor(() => expect(shown()).toEqual([]))
  })
})
