// The inspection of one plot: the cultivation score in words (0 to 5), a note and photos from the
// camera. Saving puts it in this phone's queue first (kept in IndexedDB), then it is sent; so a
// form saved with no signal, or a send that fails, loses nothing.
import { useEffect, useRef, useState } from 'react'
import { css } from 'goober'
import { INSPECTION_SCALE, MAX_SCORE } from '@common/inspection-scale'
import { buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { inspectionQueue } from '../queue/queue-instance'
import { shrinkPhoto } from '../queue/photos'
import type { QueuedPhoto } from '../queue/queue'

export const MAX_PHOTOS = 6
export const MAX_NOTE = 2000

const form = css`
  display: grid;
  gap: 1rem;
  fieldset {
    border: 0;
    padding: 0;
    margin: 0;
  }
  legend {
    font-weight: 700;
    margin-bottom: 0.5rem;
  }
  .scores {
    display: grid;
    gap: 0.4rem;
  }
  .scores label {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.1rem 0.6rem;
    align-items: start;
    padding: 0.5rem 0.6rem;
    border: 2px solid #c9cfcb;
    border-radius: 0.5rem;
    cursor: pointer;
    background: var(--roots-surface);
  }
  .scores label:has(input:checked) {
    border-color: var(--roots-primary);
    background: #e8f0ea;
  }
  .scores input {
    width: 1.4rem;
    height: 1.4rem;
    margin: 0.1rem 0 0;
    grid-row: span 2;
  }
  .scores .d {
    font-size: 0.85rem;
  }
  textarea {
    font: inherit;
    width: 100%;
    box-sizing: border-box;
    min-height: 6rem;
    padding: 0.5rem;
    border: 2px solid #6b766f;
    border-radius: 0.5rem;
  }
  .count {
    font-size: 0.85rem;
    margin: 0.25rem 0 0;
  }
  .photos {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    list-style: none;
    padding: 0;
    margin: 0.5rem 0;
  }
  .photos img {
    width: 6rem;
    height: 6rem;
    object-fit: cover;
    border-radius: 0.4rem;
    display: block;
  }
  .photos button {
    margin-top: 0.25rem;
    font-size: 0.85rem;
  }
  .camera {
    position: relative;
    width: 100%;
  }
  .camera input {
    position: absolute;
    inset: 0;
    opacity: 0;
    width: 100%;
    cursor: pointer;
  }
  .camera span {
    width: 100%;
  }
  .warn {
    border-left: 4px solid #b5651d;
    padding-left: 0.75rem;
    margin: 0;
  }
  button[type='submit'] {
    width: 100%;
    min-height: 3.25rem;
    font-size: 1.1rem;
  }
`

function Thumb({ photo, n, onRemove }: { photo: QueuedPhoto; n: number; onRemove: () => void }) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const u = URL.createObjectURL(photo.blob)
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [photo])
  return (
    <li>
      {url && <img src={url} alt={`Photo ${n + 1}`} />}
      <button type='button' className={buttonSecondary} onClick={onRemove}>
        Remove photo {n + 1}
      </button>
    </li>
  )
}

export function InspectionForm({
  siteId,
  siteName,
  plotId,
  plotNumber,
  passMark,
  holder,
  onSaved,
}: {
  siteId: number
  siteName: string
  plotId: number
  plotNumber: string
  passMark: number
  holder: string | null
  onSaved: (message: string) => void
}) {
  const [score, setScore] = useState<number | null>(null)
  const [note, setNote] = useState('')
  const [photos, setPhotos] = useState<QueuedPhoto[]>([])
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [adding, setAdding] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)

  const addPhotos = async (files: FileList | null) => {
    if (!files || files.length === 0) return
    setAdding(true)
    try {
      const room = MAX_PHOTOS - photos.length
      const picked = [...files].slice(0, Math.max(0, room))
      const shrunk = await Promise.all(picked.map(shrinkPhoto))
      setPhotos((p) => [...p, ...shrunk].slice(0, MAX_PHOTOS))
      if (files.length > room) setError(`An inspection has at most ${MAX_PHOTOS} photos.`)
    } finally {
      setAdding(false)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setError(null)
    if (score === null) return setError('Choose a cultivation score.')
    if (note.length > MAX_NOTE) return setError(`A note is at most ${MAX_NOTE.toLocaleString('en-GB')} characters.`)
    setSaving(true)
    try {
      await inspectionQueue().add({ siteId, siteName, plotId, plotNumber, score, note, photos })
      setScore(null)
      setNote('')
      setPhotos([])
      onSaved(
        navigator.onLine
          ? `Plot ${plotNumber}: inspection saved on this phone and sending now.`
          : `Plot ${plotNumber}: inspection saved on this phone. It will be sent when you are back online.`,
      )
    } catch (err) {
      setError(`The inspection could not be kept on this phone: ${err instanceof Error ? err.message : String(err)}`)
    } finally {
      setSaving(false)
    }
  }

  const fails = score !== null && score < passMark
  return (
    <form className={form} onSubmit={submit} aria-labelledby='inspect-title' noValidate>
      <h2 id='inspect-title'>
        Inspect plot {plotNumber}
        {holder ? `, held by ${holder}` : ''}
      </h2>
      <fieldset>
        <legend>Cultivation score (the pass mark here is {passMark})</legend>
        <div className='scores'>
          {INSPECTION_SCALE.map((s) => (
            <label key={s.score}>
              <input
                type='radio'
                name='score'
                value={s.score}
                checked={score === s.score}
                onChange={() => setScore(s.score)}
              />
              <strong>
                {s.score} of {MAX_SCORE}: {s.label}
              </strong>
              <span className='d'>{s.description}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {fails && (
        <p className='warn' role='note'>
          Below the pass mark: {holder ? 'the member' : 'the holder, if the plot is let,'} will be e-mailed a warning
          with what to do and a deadline, or notice to quit if a warning's deadline has passed.
        </p>
      )}
      <div>
        <label htmlFor='inspect-note'>
          <strong>Note</strong> (what you saw, what needs doing)
        </label>
        <textarea
          id='inspect-note'
          value={note}
          maxLength={MAX_NOTE}
          onChange={(e) => setNote(e.target.value)}
          aria-describedby='inspect-note-count'
        />
        <p id='inspect-note-count' className='count'>
          {note.length.toLocaleString('en-GB')} of {MAX_NOTE.toLocaleString('en-GB')} characters
        </p>
      </div>
      <div>
        <strong id='photos-title'>Photos</strong> ({photos.length} of {MAX_PHOTOS})
        {photos.length > 0 && (
          <ul className='photos' aria-labelledby='photos-title'>
            {photos.map((p, n) => (
              <Thumb key={n} photo={p} n={n} onRemove={() => setPhotos((ps) => ps.filter((_, i) => i !== n))} />
            ))}
          </ul>
        )}
        {photos.length < MAX_PHOTOS && (
          <label className={`camera ${buttonSecondary}`}>
            <span>{adding ? 'Adding the photo…' : photos.length ? 'Take another photo' : 'Take a photo'}</span>
            <input
              ref={fileInput}
              type='file'
              accept='image/*'
              capture='environment'
              aria-label={photos.length ? 'Take another photo' : 'Take a photo'}
              onChange={(e) => void addPhotos(e.target.files)}
            />
          </label>
        )}
      </div>
      {error && (
        <p className={errorText} role='alert'>
          {error}
        </p>
      )}
      <button type='submit' className={buttonPrimary} disabled={saving || adding}>
        {saving ? 'Saving…' : 'Save inspection'}
      </button>
    </form>
  )
}
