// The site's photo gallery on its edit page: each photo with its alt text, moved up or down or
// removed at once; new photos are chosen, cropped 3:2, described and uploaded to Storage under
// sites/<slug>/ with a copy 800 px wide for phones, then listed. A refusal is shown beside the
// control and in a toast.
import { useState } from 'react'
import { css } from 'goober'
import { EmptyState, ErrorNotice, Status } from '@/components/admin/ui'
import { ImageUpload } from '@/components/image-upload/ImageUpload'
import { ASPECTS } from '@/components/image-upload/crop'
import { SMALL_PHOTO_WIDTH, THUMB_PHOTO_WIDTH } from '@/components/site-profile/PhotoGallery'
import { buttonSecondary, errorText } from '@/components/styles'
import { imageSrc } from '@/lib/image-src'
import { toast } from '@/lib/toast'
import {
  addSitePhoto,
  removeSitePhoto,
  reordered,
  saveOrder,
  type SitePhoto,
  useGalleryChange,
  useSitePhotos,
} from '../api/site-photos'

const gallery = css`
  display: grid;
  gap: 1rem;
  margin-top: 2rem;
  max-width: 60rem;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 1rem;
    grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  }
  li {
    display: grid;
    gap: 0.5rem;
    align-content: start;
    border: 1px solid var(--roots-border);
    border-radius: 0.5rem;
    padding: 0.6rem;
    background: var(--roots-surface);
  }
  li img {
    width: 100%;
    height: auto;
    aspect-ratio: 3 / 2;
    object-fit: cover;
    border-radius: 0.375rem;
    background: #eee;
  }
  li p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .tools {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
  }
  .tools button {
    min-height: 2.5rem;
    padding: 0.3rem 0.7rem;
  }
`

export function SiteGallery({ siteId, slug, location }: { siteId: number; slug: string; location: string }) {
  const photos = useSitePhotos(siteId)
  const change = useGalleryChange(siteId)
  const [error, setError] = useState<string | null>(null)

  const run = async (work: () => Promise<string | null>, done: string) => {
    const failed = await change.mutateAsync(work)
    setError(failed)
    if (failed) toast.error(failed)
    else toast.success(done)
    return failed
  }

  const list: SitePhoto[] = photos.data ?? []
  return (
    <section className={gallery} aria-labelledby='site-gallery-heading'>
      <h2 id='site-gallery-heading'>Photo gallery</h2>
      <p>Shown on the site page in this order. Changes here are saved at once.</p>
      {photos.isPending && <Status>Loading the photos…</Status>}
      {photos.isError && <ErrorNotice title='The photos could not be loaded' message={photos.error.message} />}
      {photos.isSuccess && list.length === 0 && <EmptyState>No photos of {location} yet.</EmptyState>}
      {error && (
        <p className={errorText} role='alert'>
          {error}
        </p>
      )}
      {list.length > 0 && (
        <ol aria-label={`Photos of ${location}`}>
          {list.map((p, i) => (
            <li key={p.id}>
              <img src={imageSrc(p.small_path ?? p.path) ?? ''} alt={p.alt} loading='lazy' />
              <p>{p.alt}</p>
              <div className='tools'>
                <button
                  type='button'
                  className={buttonSecondary}
                  disabled={i === 0 || change.isPending}
                  aria-label={`Move photo ${i + 1} up`}
                  onClick={() => void run(() => saveOrder(list, reordered(list, i, -1)), 'Order saved')}
                >
                  Up
                </button>
                <button
                  type='button'
                  className={buttonSecondary}
                  disabled={i === list.length - 1 || change.isPending}
                  aria-label={`Move photo ${i + 1} down`}
                  onClick={() => void run(() => saveOrder(list, reordered(list, i, 1)), 'Order saved')}
                >
                  Down
                </button>
                <button
                  type='button'
                  className={buttonSecondary}
                  disabled={change.isPending}
                  aria-label={`Remove photo ${i + 1}`}
                  onClick={() => void run(() => removeSitePhoto(p), 'Photo removed')}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <ImageUpload
        label='Add a photo'
        aspect={ASPECTS.gallery}
        folder={`sites/${slug}`}
        smallWidth={SMALL_PHOTO_WIDTH}
        thumbWidth={THUMB_PHOTO_WIDTH}
        hint='PNG, GIF, JPEG, BMP or ICO, at most 5 MB; cropped 3:2 for the gallery.'
        onUploaded={async (photo) => {
          const failed = await change.mutateAsync(() => addSitePhoto(siteId, photo, list))
          setError(null)
          return failed
        }}
      />
    </section>
  )
}
