// Picks a product image: png, gif, jpeg, bmp or icon files only (MIME type, extension and the
// file's first bytes checked); a refused file leaves the current image as it was.
import { type ChangeEvent, useId, useState } from 'react'
import { css } from 'goober'
import { buttonSecondary } from '@/components/styles'
import { IMAGE_ACCEPT, readImageFile } from '../api/image'

const start = css`justify-self: start;`

const box = css`
  display: grid; gap: 0.5rem; margin-bottom: 1rem;
  img { max-width: 10rem; max-height: 10rem; object-fit: contain; border: 1px solid var(--roots-border); border-radius: 0.375rem; background: #fff; }
  .error { color: var(--roots-error); font-weight: 600; margin: 0; }
  .hint { color: var(--roots-muted); margin: 0; font-size: 0.9rem; }
  label { font-weight: 600; }
`

export function ImagePicker({ value, alt, error, onChange }: { value: string | null; alt: string; error?: string | undefined; onChange: (url: string | null) => void }) {
  const id = useId()
  const [problem, setProblem] = useState<string | null>(null)
  const shown = problem ?? error
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    const read = await readImageFile(file)
    if ('error' in read) { setProblem(read.error); return }
    setProblem(null)
    onChange(read.url)
  }
  return (
    <div className={box}>
      <label htmlFor={id}>Image</label>
      {value && <img src={value} alt={alt ? `Image of ${alt}` : 'Product image'} />}
      <input id={id} type='file' accept={IMAGE_ACCEPT} onChange={(e) => void pick(e)} aria-invalid={shown ? true : undefined} aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`} />
      <p className='hint' id={`${id}-hint`}>PNG, GIF, JPEG, BMP or icon (.ico), at most 500 KB.</p>
      {shown && <p className='error' id={`${id}-error`} role='alert'>{shown}</p>}
      {value && <button type='button' className={`${buttonSecondary} ${start}`} onClick={() => { setProblem(null); onChange(null) }}>Remove image</button>}
    </div>
  )
}
