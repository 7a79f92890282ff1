// "Your plot" on /members: each plot the member holds, its number and size, and its site's plan
// with their plot outlined (SitePlan marks the plot site_plan calls theirs).
import { plotDescription } from '@/components/site-plan/plan'
import { SitePlan } from '@/components/site-plan/SitePlan'
import { useMyPlots } from '../api/get-my-plots'

export function YourPlot({ userId }: { userId: string }) {
  const plots = useMyPlots(userId)
  if (plots.isError) return <p role='alert'>We could not load your plot just now.</p>
  return (
    <>
      {plots.data?.map(({ membershipId, location, plan, plot }) => (
        <section key={membershipId} className='card' aria-labelledby={`plot-${membershipId}`} data-testid='your-plot'>
          <h2 id={`plot-${membershipId}`}>
            Your plot: {plot.number} at {location}
          </h2>
          <p>{plotDescription(plot)}.</p>
          <SitePlan plan={plan} label={`Plan of ${location}, your plot outlined`} />
        </section>
      ))}
    </>
  )
}
