// Crops under a heading ("Sow indoors"), or a line saying there are none this month.
import type { SowingGuide } from '../api/get-sowing'

export function CropList({
  id,
  title,
  crops,
  none,
}: {
  id: string
  title: string
  crops: readonly SowingGuide[]
  none: string
}) {
  return (
    <section className='card' aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {crops.length === 0 ? (
        <p>{none}</p>
      ) : (
        <ul>
          {crops.map((c) => (
            <li key={c.slug}>{c.crop}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
