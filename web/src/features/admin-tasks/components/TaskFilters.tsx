// Site and person filters shared by the task list and the board.
import { Field } from '@/components/admin/ui'
import { type TaskFilters as Filters, useStaff, useTaskSites } from '../api/get-tasks'

export function TaskFilterFields({ filters, onChange }: { filters: Filters; onChange: (f: Filters) => void }) {
  const sites = useTaskSites()
  const staff = useStaff()
  return (
    <>
      <Field label='Site'>
        <select value={filters.siteId} onChange={(e) => onChange({ ...filters, siteId: e.target.value })}>
          <option value=''>All sites</option>
          {sites.data?.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.location}
            </option>
          ))}
        </select>
      </Field>
      <Field label='Person'>
        <select value={filters.person} onChange={(e) => onChange({ ...filters, person: e.target.value })}>
          <option value=''>Everyone</option>
          <option value='nobody'>Nobody yet</option>
          {staff.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
    </>
  )
}
