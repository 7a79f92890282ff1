import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FunctionError } from './call-function'
import { useVoucherCode, voucherCodeField, type VoucherQuote } from './gift-vouchers'
import { toast } from './toast'

afterEach(cleanup)

const quote: VoucherQuote = {
  code: 'ABCD-1234-EF56',
  balance_pence: 4000,
  discount_pence: 4000,
  subtotal_pence: 10499,
  total_pence: 6499,
  expires_at: null,
}

describe('voucher code', () => {
  it('reads a code however it was typed', () => {
    expect(voucherCodeField.parse('abcd-1234-ef56')).toBe('ABCD-1234-EF56')
    expect(voucherCodeField.parse(' ABCD 1234 EF56 ')).toBe('ABCD-1234-EF56')
    expect(voucherCodeField.parse('abcd1234ef56')).toBe('ABCD-1234-EF56')
  })
  it('is optional, and refuses what cannot be a code', () => {
    expect(voucherCodeField.parse('')).toBeUndefined()
    const r = voucherCodeField.safeParse('ABCD-1234')
    expect(r.success).toBe(false)
    if (!r.success) {
      expect(r.error.issues[0]!.message).toBe(
        'Enter the voucher code as printed, like ABCD-1234-EF56.',
      )
    }
  })

  it('asks for the quote with the normalised code and keeps it until the code changes', async () => {
    const ask = vi.fn(() => Promise.resolve(quote))
    const { result } = renderHook(() => useVoucherCode(ask, () => null))
    act(() => result.current.change('abcd1234ef56'))
    await act(() => result.current.apply())
    expect(ask).toHaveBeenCalledWith('ABCD-1234-EF56')
    expect(result.current.applied).toEqual(quote)
    expect(result.current.error).toBeUndefined()
    act(() => result.current.change('abcd1234ef57'))
    expect(result.current.applied).toBeNull()
  })

  it('says what is wrong beside the field and asks nothing: a bad shape, nothing to quote yet, a refusal', async () => {
    const ask = vi.fn(() =>
      Promise.reject(
        new FunctionError(
          409,
          'voucher_not_usable',
          'That gift voucher has already been used in full.',
        ),
      )
    )
    let ready: string | null = 'Choose a plan first, then apply your voucher.'
    const { result } = renderHook(() => useVoucherCode(ask, () => ready))
    act(() => result.current.change('nope'))
    await act(() => result.current.apply())
    expect(result.current.error).toBe('Enter the voucher code as printed, like ABCD-1234-EF56.')
    act(() => result.current.change('ABCD-1234-EF56'))
    await act(() => result.current.apply())
    expect(result.current.error).toBe('Choose a plan first, then apply your voucher.')
    expect(ask).not.toHaveBeenCalled()
    ready = null
    await act(() => result.current.apply())
    expect(ask).toHaveBeenCalledOnce()
    expect([result.current.applied, result.current.error]).toEqual([
      null,
      'That gift voucher has already been used in full.',
    ])
  })

  it('a code accepted after a refusal takes the refusal toast away', async () => {
    const dismiss = vi.spyOn(toast, 'dismiss')
    vi.spyOn(toast, 'error').mockReturnValue('refusal-1')
    vi.spyOn(toast, 'success').mockReturnValue('ok-1')
    const ask = vi.fn<(code: string) => Promise<VoucherQuote>>()
      .mockRejectedValueOnce(
        new FunctionError(409, 'voucher_not_usable', 'That gift voucher code is not valid.'),
      )
      .mockResolvedValueOnce(quote)
    const { result } = renderHook(() => useVoucherCode(ask, () => null))
    act(() => result.current.change('AAAA-BBBB-CCCC'))
    await act(() => result.current.apply())
    expect(dismiss).not.toHaveBeenCalled()
    act(() => result.current.change('ABCD-1234-EF56'))
    await act(() => result.current.apply())
    expect(dismiss).toHaveBeenCalledWith('refusal-1')
    vi.restoreAllMocks()
  })
})
