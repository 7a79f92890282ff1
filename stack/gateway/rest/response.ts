// Stage 4 of a /rest/v1 request (PostgREST's Response): the HTTP answer to a plan and its result
// — status (206 for a partial page, 201/204 for writes, or what a function set through
// response.status), Content-Range, Content-Type, Location, Preference-Applied, the headers a
// function set through response.headers — and the JSON error shape.
import type { ApiRequest } from './api-request.ts'
import { ApiError, singleError } from './errors.ts'
import type { ActionPlan, DbPlan, Page } from './plan.ts'
import type { ResultRow, Rows } from './query.ts'

const JSON_TYPE = 'application/json; charset=utf-8'
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8'

export function errorResponse(e: ApiError, method: string): Response {
  return new Response(method === 'HEAD' ? null : JSON.stringify(e.body()), {
    status: e.status,
    headers: { 'content-type': JSON_TYPE, ...e.headers },
  })
}

/** The answer to a plan that needs no database: the root document, or a write with nothing to do. */
export function answerWithoutDb(api: ApiRequest, plan: Exclude<ActionPlan, DbPlan>): Response {
  if (plan.kind === 'info') {
    const paths = Object.fromEntries(plan.tables.map((t) => [`/${t}`, {}]))
    return Response.json({
      swagger: '2.0',
      info: {
        title: 'standard public schema',
        description: 'PostgREST-compatible API of the local stack',
      },
      paths,
    })
  }
  const headers = new Headers({ 'content-range': '*/*' })
  preferenceApplied(headers, plan.applied)
  if (api.prefer.return === 'representation') {
    if (api.accept === 'object') throw singleError(0)
    headers.set('content-type', JSON_TYPE)
    return new Response('[]', { status: plan.status === 204 ? 200 : plan.status, headers })
  }
  return new Response(null, { status: plan.status, headers })
}

/** The answer to a plan from the rows its statement returned. */
export function answer(api: ApiRequest, plan: DbPlan, rows: Rows): Response {
  const a = plan.answer
  const row = rows[0] as unknown as ResultRow
  switch (a.kind) {
    case 'rows':
      return rowsResponse(api, row, a.status, a.page, plan.applied)
    case 'object': {
      const headers = new Headers({
        'content-type': api.accept === 'object' ? OBJECT_TYPE : JSON_TYPE,
      })
      const status = applyResponseGucs(row, 200, headers)
      preferenceApplied(headers, plan.applied)
      return new Response(api.method === 'HEAD' ? null : row.body ?? 'null', { status, headers })
    }
    case 'scalar': {
      const headers = new Headers({ 'content-type': JSON_TYPE })
      const status = applyResponseGucs(row, a.void ? 204 : 200, headers)
      preferenceApplied(headers, plan.applied)
      if (a.void || api.method === 'HEAD') return new Response(null, { status, headers })
      return new Response(row.body ?? 'null', { status, headers })
    }
    case 'written': {
      const n = rows.count
      const headers = new Headers({
        'content-range': contentRange(0, a.created ? 0 : n, api.prefer.count ? n : null),
      })
      if (a.location && rows.length > 0) {
        const first = rows[0] as Record<string, unknown>
        headers.set(
          'location',
          `/${a.location.table}?${
            a.location.pk.map((k) => `${k}=eq.${encodeURIComponent(String(first[k]))}`).join('&')
          }`,
        )
      }
      preferenceApplied(headers, plan.applied)
      return new Response(null, { status: a.created ? 201 : 204, headers })
    }
  }
}

function contentRange(offset: number, pageTotal: number, total: number | null): string {
  const t = total === null ? '*' : String(total)
  return pageTotal > 0 ? `${offset}-${offset + pageTotal - 1}/${t}` : `*/${t}`
}

/** Status and headers a function set through response.status / response.headers. */
function applyResponseGucs(row: ResultRow, status: number, headers: Headers): number {
  if (row.response_headers) {
    try {
      const list = JSON.parse(row.response_headers) as Record<string, string>[]
      for (const h of list) for (const [k, v] of Object.entries(h)) headers.set(k, String(v))
    } catch {
      throw new ApiError(
        500,
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      )
    }
  }
  if (row.response_status) {
    const s = Number(row.response_status)
    if (!Number.isInteger(s) || s < 100 || s > 599) {
      throw new ApiError(500, 'PGRST112', 'response.status guc must be a valid status code')
    }
    return s
  }
  return status
}

function preferenceApplied(headers: Headers, applied: string[]) {
  if (applied.length) headers.set('preference-applied', applied.join(', '))
}

/** Rows (a table read, a function's set, a write's representation) with their Content-Range. */
function rowsResponse(
  api: ApiRequest,
  row: ResultRow,
  status: number,
  pg: Page,
  applied: string[],
): Response {
  const pageTotal = Number(row.page_total)
  const total = row.total_result_set === null ? null : Number(row.total_result_set)
  if (api.accept === 'object' && pageTotal !== 1) throw singleError(pageTotal)
  const headers = new Headers({
    'content-range': contentRange(pg.offset, pageTotal, total),
    'content-type': api.accept === 'object' ? OBJECT_TYPE : JSON_TYPE,
  })
  if (total !== null && api.method !== 'POST') {
    if (pg.offset > total && pg.offset > 0) {
      throw new ApiError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${pg.offset} was requested, but there are only ${total} rows.`,
        null,
        {
          'content-range': `*/${total}`,
        },
      )
    }
    if (status === 200 && pageTotal < total) status = 206
  }
  status = applyResponseGucs(row, status, headers)
  const count = api.prefer.count && `count=${api.prefer.count}`
  // A write's plan already lists its count; a read's gets it here, with the rows.
  preferenceApplied(headers, count && !applied.includes(count) ? [...applied, count] : applied)
  return new Response(api.method === 'HEAD' ? null : row.body, { status, headers })
}
