// The site's plan image on the plots page: a drawing or aerial photo of the site, drawn on every
// plan of the site under the plots and over the map tiles, so the plots still have the site around
// them where tiles cannot load (no signal in the field). It is placed over the map as the map is
// shown when it is uploaded (cropped to the map's shape), and can be placed again over the map as
// it is shown now, or removed.
import { type MutableRefObject, useState } from 'react'
import { ErrorNotice } from '@/components/admin/ui'
import { ImageUpload } from '@/components/image-upload/ImageUpload'
import type { PlanMapApi } from '@/components/site-plan/PlanMap'
import type { SitePlanData } from '@/components/site-plan/plan'
import { buttonSecondary } from '@/components/styles'
import { useClearPlanImage, useSetPlanImage } from '../api/plan-image'
import { when } from './when'

export function PlanImage({
  siteId,
  slug,
  current,
  mapRef,
}: {
  siteId: number
  slug: string | null
  current: SitePlanData['background']
  mapRef: MutableRefObject<PlanMapApi | null>
}) {
  const place = useSetPlanImage(siteId)
  const clear = useClearPlanImage(siteId)
  const [done, setDone] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const busy = place.isPending || clear.isPending

  const run = async (action: () => Promise<unknown>, message: string) => {
    setDone(null)
    setError(null)
    try {
      await action()
      setDone(message)
    } catch (e) {
      setError((e as Error).message)
    }
  }
  const placeHere = (path: string) => {
    const view = mapRef.current?.view()
    if (!view) {
      setError('The map has not loaded yet: wait for it, then try again.')
      return Promise.resolve()
    }
    return run(
      () => place.mutateAsync({ path, bounds: view.bounds }),
      'The plan image is placed over the map as it is shown.',
    )
  }

  return (
    <div data-testid='plan-image'>
      <p>
        A drawing or aerial photo of the site lies under the plots on every plan of it, and shows the site where map
        tiles cannot load. Move and zoom the map so it frames the site first: the image is cropped to the map&rsquo;s
        shape and placed over the map as it is shown.
      </p>
      <ImageUpload
        label='Plan image'
        aspect={() => mapRef.current?.view().aspect ?? 1.5}
        hint='PNG, GIF, JPEG, BMP or ICO, at most 5 MB; cropped to the shape of the map as it is shown.'
        folder={`sites/${slug ?? ''}`}
        value={current?.path ?? null}
        previewAlt='The site plan image'
        unavailable={slug ? null : 'Loading the site…'}
        onChange={(path) =>
          void (path
            ? placeHere(path)
            : run(() => clear.mutateAsync(), 'The plan image is removed: the plan shows the map tiles alone.'))
        }
      />
      {current && (
        <p>
          Placed {when(current.updated_at, true)}.{' '}
          <button
            type='button'
            className={buttonSecondary}
            disabled={busy}
            onClick={() => void placeHere(current.path)}
          >
            Place it over the map as shown now
          </button>
        </p>
      )}
      {done && <p role='status'>{done}</p>}
      {error && <ErrorNotice title='The plan image was not changed' message={error} />}
    </div>
  )
}
