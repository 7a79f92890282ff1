import { beforeEach, describe, expect, it, vi } from 'vitest'

const calls: Array<{ table: string; payload: unknown; id: unknown }> = []
let answer: { data: unknown; error: unknown } = { data: null, error: null }

vi.mock('@/lib/supabase', () => ({
  supabase: () => ({
    from: (table: string) => ({
      update: (payload: unknown) => ({
        eq: (_c: string, id: unknown) => ({
          select: () => ({
            single: () => {
              calls.push({ table, payload, id })
              return Promise.resolve(answer)
            },
          }),
        }),
      }),
    }),
  }),
}))

const { mergeSite, updateSite, writablePayload } = await import('./update-site')

beforeEach(() => {
  calls.length = 0
})

describe('updateSite', () => {
  it('updates by id, never sending waiting_list_count or path_params, and returns the row', async () => {
    answer = { data: { id: 4, location: 'New' }, error: null }
    const values = { location: 'New', waiting_list_count: 9, path_params: { a: 'b' } } as never
    const r = await updateSite(4, values)
    expect(r).toEqual({ site: { id: 4, location: 'New' }, error: null, code: null })
    expect(calls).toEqual([{ table: 'global_sites', payload: { location: 'New' }, id: 4 }])
  })

  it('a failure or no row gives a null site with the reason', async () => {
    answer = {
      data: null,
      error: { code: '42501', message: 'new row violates row-level security policy' },
    }
    expect(await updateSite(4, {} as never)).toMatchObject({
      site: null,
      code: '42501',
      error: expect.stringMatching(/do not have permission/),
    })
    answer = {
      data: null,
      error: { code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' },
    }
    expect(await updateSite(4, {} as never)).toMatchObject({
      site: null,
      code: 'PGRST116',
      error: expect.stringMatching(/Nothing was changed/),
    })
  })

  it('writablePayload drops id and timestamps too', () => {
    expect(writablePayload({ id: 1, created_at: 'x', updated_at: 'y', city: 'Bath' } as never))
      .toEqual({ city: 'Bath' })
  })

  it('mergeSite replaces the row by id and keeps its waiting-list count', () => {
    const list = [{ id: 1, location: 'A', waiting_list_count: 3 }, {
      id: 2,
      location: 'B',
      waiting_list_count: 5,
    }] as never
    expect(mergeSite(list, { id: 2, location: 'B2' } as never)).toEqual([
      { id: 1, location: 'A', waiting_list_count: 3 },
      { id: 2, location: 'B2', waiting_list_count: 5 },
    ])
    expect(mergeSite(undefined, { id: 2 } as never)).toBeUndefined()
  })
})
