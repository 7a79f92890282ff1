// The plan a site page shows (SitePlanSection loads this chunk only for a site with plots).
import { parseSitePlan } from './plan'
import { SitePlan } from './SitePlan'

export default function PublicPlan({ plan, label }: { plan: unknown; label: string }) {
  const parsed = (() => {
    try {
      return parseSitePlan(plan)
    } catch {
      return null
    }
  })()
  if (!parsed) return <p>The site plan cannot be shown just now.</p>
  return <SitePlan plan={parsed} label={label} />
}
