// City and status filters for a site list, kept in the query string so a filtered list can be
// shared and survives a reload.
import { css } from 'goober'
import { useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'
import { SelectField } from '@/components/form/Field'
import { STATUS_LABEL, statusOf } from '@/lib/sites/rules'
import type { Site, SiteStatus } from '@/lib/sites/types'
import { compareText } from '@/lib/intl'

const bar = css`
  display: grid;
  gap: 0 1rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
  max-width: 40rem;
`

export interface SiteFilter {
  city: string
  status: SiteStatus | ''
}

export function readFilter(search: string): SiteFilter {
  const q = new URLSearchParams(search)
  const status = q.get('status') ?? ''
  return {
    city: q.get('city') ?? '',
    status: status === 'upcoming' || status === 'open' || status === 'active' ? status : '',
  }
}

export function applyFilter(sites: readonly Site[], f: SiteFilter): Site[] {
  return sites.filter((s) => (!f.city || s.city_slug === f.city) && (!f.status || statusOf(s) === f.status))
}

export function useSiteFilter(): [SiteFilter, (f: SiteFilter) => void] {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const set = (f: SiteFilter) => {
    // Other parameters (the near-me origin) stay.
    const q = new URLSearchParams(search)
    q.delete('city')
    q.delete('status')
    if (f.city) q.set('city', f.city)
    if (f.status) q.set('status', f.status)
    const qs = q.toString()
    navigate(`${location}${qs ? `?${qs}` : ''}`, { replace: true })
  }
  // One filter object per query string, so what is derived from it can be memoised.
  const filter = useMemo(() => readFilter(search), [search])
  return [filter, set]
}

export function SiteFilters({
  sites,
  filter,
  onChange,
}: {
  sites: readonly Site[]
  filter: SiteFilter
  onChange: (f: SiteFilter) => void
}) {
  const cities = [...new Map(sites.map((s) => [s.city_slug, s.city])).entries()].sort((a, b) => compareText(a[1], b[1]))
  return (
    <form className={bar} role='search' aria-label='Filter sites' onSubmit={(e) => e.preventDefault()}>
      <SelectField
        label='City'
        name='city'
        value={filter.city}
        onChange={(e) => onChange({ ...filter, city: e.target.value })}
      >
        <option value=''>All cities</option>
        {cities.map(([slug, name]) => (
          <option key={slug} value={slug}>
            {name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label='Status'
        name='status'
        value={filter.status}
        onChange={(e) => onChange({ ...filter, status: e.target.value as SiteStatus | '' })}
      >
        <option value=''>Any status</option>
        {(['active', 'open', 'upcoming'] as const).map((s) => (
          <option key={s} value={s}>
            {STATUS_LABEL[s]}
          </option>
        ))}
      </SelectField>
    </form>
  )
}
