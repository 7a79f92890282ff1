import { beforeEach, describe, expect, it, vi } from 'vitest'

// A query builder that records the chain it was given and answers with `answer`.
let calls: string[] = []
let answer: { data: unknown; error: unknown } = { data: null, error: null }
function builder(): unknown {
  return new Proxy({}, {
    get: (_t, name: string) =>
      name === 'then' ? (ok: (v: unknown) => void) => ok(answer) : (...args: unknown[]) => {
        calls.push(`${name}(${JSON.stringify(args)})`)
        return builder()
      },
  })
}
vi.mock('@/lib/supabase', () => ({ supabase: () => builder() }))

const { deleteRow, saveRow, saveRowId, writeOne } = await import('./crud')

beforeEach(() => {
  calls = []
  answer = { data: null, error: null }
})

describe('saveRow', () => {
  it('inserts when there is no id and updates row id otherwise, selecting the asked columns', async () => {
    answer = { data: { id: 7 }, error: null }
    expect(
      await saveRowId('events', null, {
        title: 'Open day',
        slug: 'open-day',
        starts_at: '2026-05-01T10:00:00Z',
      }, { failed: 'Not saved.' }),
    ).toBe(7)
    expect(calls).toEqual([
      'from(["events"])',
      'insert([{"title":"Open day","slug":"open-day","starts_at":"2026-05-01T10:00:00Z"}])',
      'select(["id"])',
      'single([])',
    ])
    calls = []
    answer = { data: { id: 3, name: 'A' }, error: null }
    expect(await saveRow('plans', 3, { name: 'A' }, { failed: 'Not saved.', columns: 'id, name' }))
      .toEqual({ id: 3, name: 'A' })
    expect(calls).toEqual([
      'from(["plans"])',
      'update([{"name":"A"}])',
      'eq(["id",3])',
      'select(["id, name"])',
      'maybeSingle([])',
    ])
  })

  const plan = { name: 'A', price_pence: 1200 }

  it('reads no row back as a refusal, a unique violation as the duplicate message, anything else through describeDbError', async () => {
    await expect(saveRowId('events', 3, {}, { failed: 'Not saved.' })).rejects.toMatchObject({
      code: '42501',
      message: expect.stringMatching(/permission/),
    })
    answer = { data: null, error: { code: '23505', message: 'duplicate key value' } }
    await expect(
      saveRowId('plans', null, plan, {
        failed: 'Not saved.',
        duplicate: 'Another plan already has that name.',
      }),
    ).rejects.toMatchObject({ code: '23505', message: 'Another plan already has that name.' })
    await expect(saveRowId('plans', null, plan, { failed: 'Not saved.' })).rejects.toMatchObject({
      code: '23505',
      message: 'That would duplicate an existing record.',
    })
    answer = { data: null, error: { code: 'XX000' } }
    await expect(saveRowId('plans', null, plan, { failed: 'The plan was not saved.' })).rejects
      .toThrow('The plan was not saved.')
  })
})

describe('the types', () => {
  // Never called: tsc checks these lines (the types suite), so a call the schema would refuse
  // must stay a type error. The table names, columns and row types come from Database.
  const _typed = async () => {
    // @ts-expect-error not a table
    await saveRowId('event', null, { title: 'Open day' }, { failed: 'x' })
    // @ts-expect-error an insert without the required slug and starts_at
    await saveRowId('events', null, { title: 'Open day' }, { failed: 'x' })
    // @ts-expect-error price_pence is a number
    await saveRowId('plans', 3, { price_pence: '12' }, { failed: 'x' })
    // @ts-expect-error plans has no column "title"
    await saveRow('plans', 3, { name: 'A' }, { failed: 'x', columns: 'id, title' })
    // @ts-expect-error patch_manager_sites has no id: it is deleted by its columns
    await deleteRow('patch_manager_sites', 4, 'x')
    const saved = await saveRow('plans', 3, { name: 'A' }, {
      failed: 'x',
      columns: 'id, name, price_pence',
    })
    const check: { id: number; name: string; price_pence: number } = saved
    return check
  }

  it('exist only to be checked', () => {
    expect(typeof _typed).toBe('function')
  })
})

describe('deleteRow', () => {
  it('deletes by id or by all the given columns, and nothing deleted is a refusal', async () => {
    answer = { data: [{ id: 4 }], error: null }
    await deleteRow('events', 4, 'Not deleted.')
    expect(calls).toEqual(['from(["events"])', 'delete([])', 'match([{"id":4}])', 'select(["id"])'])
    calls = []
    await deleteRow('patch_manager_sites', { user_id: 'u1', site_id: 2 }, 'Not deleted.')
    expect(calls).toContain('match([{"user_id":"u1","site_id":2}])')
    answer = { data: [], error: null }
    await expect(deleteRow('events', 4, 'Not deleted.')).rejects.toMatchObject({ code: '42501' })
  })

  it('writeOne takes a plain message too', async () => {
    answer = { data: null, error: { status: 500, message: '' } }
    await expect(writeOne(Promise.resolve(answer), 'The task was not moved.')).rejects.toThrow(
      'The task was not moved.',
    )
  })
})
