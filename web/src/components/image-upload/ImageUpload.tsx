// Choose, check, crop and upload one image to Storage (bucket images). A file that is not a PNG,
// GIF, JPEG, BMP or ICO image, or is over 5 MB, is refused beside the control and nothing is
// uploaded. PNG, JPEG and BMP go through the crop step at the use's aspect; GIF and ICO are kept
// as they are. A Storage refusal is shown beside the control and in a toast, and the crop and any
// alt text stay, so nothing is lost. Single-image fields get the new object name through
// onChange; the gallery asks for alt text and hands each upload to onUploaded. With smallWidth, a
// crop saved wider than that is also stored at that width beside it (<name>-small.<ext>), the
// copy phones load; with thumbWidth, likewise as <name>-thumb.<ext>, the copy thumbnails load.
// Every object stored is removed if a later step fails.
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react'
import { css } from 'goober'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { imageSrc } from '@/lib/image-src'
import { newImagePath, removeImages, uploadImage } from '@/lib/storage'
import { toast } from '@/lib/toast'
import { type Box, initialCrop } from './crop'
import { CropCanvas, croppedSize, cropToBlob, type Drawable } from './CropCanvas'
import {
  checkImageFile,
  IMAGE_ACCEPT,
  type ImageType,
  isCroppable,
  MAX_IMAGE_BYTES,
  outputFormat,
  SIZE_MESSAGE,
  storedExtension,
} from './image-rules'

const box = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0.6rem;
  margin: 0 0 1rem;
  min-width: 0;
  > label,
  .label {
    font-weight: 600;
  }
  .hint {
    color: var(--roots-muted);
    font-size: 0.9rem;
    margin: 0;
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
    margin: 0;
  }
  .preview {
    display: block;
    max-width: min(100%, 16rem);
    height: auto;
    border: 1px solid var(--roots-border);
    border-radius: 0.375rem;
    background: #fff;
  }
  .asis {
    display: block;
    max-width: min(100%, 16rem);
    max-height: 16rem;
    object-fit: contain;
  }
  input[type='file'] {
    font: inherit;
    width: 100%;
    max-width: 100%;
  }
  input[type='file']:focus-visible {
    outline: 3px solid var(--roots-primary);
    outline-offset: 2px;
  }
  .alt input {
    font: inherit;
    padding: 0.6rem 0.75rem;
    border: 2px solid var(--roots-border);
    border-radius: 0.5rem;
    width: 100%;
    min-height: 2.75rem;
  }
  .alt input[aria-invalid='true'] {
    border-color: var(--roots-error);
  }
  .alt {
    display: grid;
    gap: 0.3rem;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.6rem;
  }
  .step {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.6rem;
    padding: 0.75rem;
    border: 1px dashed var(--roots-border);
    border-radius: 0.5rem;
    min-width: 0;
  }
`

export interface UploadedImage {
  path: string
  /** The copy at most smallWidth wide, when one was stored. */
  smallPath: string | null
  /** The copy at most thumbWidth wide, when one was stored. */
  thumbPath: string | null
  alt: string
}

/** Where an image's copy is stored: beside it, `-small` or `-thumb` before the extension. */
export const copyPathOf = (path: string, copy: 'small' | 'thumb') => path.replace(/(\.[a-z0-9]+)?$/i, `-${copy}$1`)

type Picked = {
  type: ImageType
  file: File
  url: string
  image: Drawable | null
  crop: Box | null
  /** The crop's width / height, as it was when the file was chosen. */
  aspect: number
}

export interface ImageUploadProps {
  /** The control's label, e.g. "Patch manager photo 1". */
  label: string
  /** Width / height of the crop (ASPECTS in crop.ts), or what gives it when a file is chosen. */
  aspect: number | (() => number)
  /** Where new objects go in bucket images, e.g. sites/darenth-fields. */
  folder: string
  /** The stored value (an object name or a link), shown as a preview with a remove button. */
  value?: string | null
  /** Called with the new object name after an upload, or null on remove. */
  onChange?: (path: string | null) => void
  /** Alt text of the preview. */
  previewAlt?: string
  /** Ask for alt text (required) and hand each upload over; an error it returns is shown and the objects removed. */
  onUploaded?: (image: UploadedImage) => Promise<string | null>
  /** Also store a copy at most this many pixels wide (when the crop is saved wider). */
  smallWidth?: number
  /** And a thumbnail at most this many pixels wide (likewise). */
  thumbWidth?: number
  /** Shown below the label. */
  hint?: string
  /** An error from the surrounding form. */
  error?: string | undefined
  /** Why uploading is not possible yet (e.g. the site has no slug), shown instead of the control. */
  unavailable?: string | null
}

const ratioText = (aspect: number) =>
  Math.abs(aspect - 1) < 0.01
    ? 'square'
    : Math.abs(aspect - 1.5) < 0.01
      ? '3:2'
      : Math.abs(aspect - 16 / 9) < 0.01
        ? '16:9'
        : aspect.toFixed(2)

export function ImageUpload({
  label,
  aspect,
  folder,
  value,
  onChange,
  previewAlt,
  onUploaded,
  smallWidth,
  thumbWidth,
  hint,
  error,
  unavailable,
}: ImageUploadProps) {
  const aspectNow = () => (typeof aspect === 'function' ? aspect() : aspect)
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [picked, setPicked] = useState<Picked | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [alt, setAlt] = useState('')
  const [altError, setAltError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const askAlt = !!onUploaded

  const pickedUrl = picked?.url
  useEffect(
    () => () => {
      if (pickedUrl) URL.revokeObjectURL(pickedUrl)
    },
    [pickedUrl],
  )

  const reset = () => {
    setPicked(null)
    setAlt('')
    setAltError(null)
    setProblem(null)
  }

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    const checked = await checkImageFile(file)
    if ('error' in checked) {
      setProblem(checked.error)
      return
    }
    const url = URL.createObjectURL(file)
    if (!isCroppable(checked.type)) {
      setProblem(null)
      setPicked({ type: checked.type, file, url, image: null, crop: null, aspect: aspectNow() })
      return
    }
    const img = new Image()
    img.onload = () => {
      setProblem(null)
      const a = aspectNow()
      setPicked({
        type: checked.type,
        file,
        url,
        image: img,
        crop: initialCrop(img.naturalWidth, img.naturalHeight, a),
        aspect: a,
      })
    }
    img.onerror = () => {
      URL.revokeObjectURL(url)
      setProblem('That image could not be read: it may be damaged. Choose another.')
    }
    img.src = url
  }

  const upload = async () => {
    if (!picked) return
    if (askAlt && alt.trim() === '') {
      setAltError('Describe the photo for people who cannot see it.')
      document.getElementById(`${id}-alt`)?.focus()
      return
    }
    setAltError(null)
    setBusy(true)
    try {
      let blob: Blob = picked.file
      const copies: { copy: 'small' | 'thumb'; blob: Blob }[] = []
      let contentType: string = picked.type
      let extension: string = storedExtension(picked.type)
      if (picked.image && picked.crop) {
        const format = outputFormat(picked.type)
        blob = await cropToBlob(picked.image, picked.crop, format.type)
        const wide = croppedSize(picked.image, picked.crop).w
        for (const [copy, width] of [
          ['small', smallWidth],
          ['thumb', thumbWidth],
        ] as const) {
          if (width && wide > width)
            copies.push({ copy, blob: await cropToBlob(picked.image, picked.crop, format.type, width) })
        }
        contentType = format.type
        extension = format.extension
      }
      if (blob.size > MAX_IMAGE_BYTES) {
        setProblem(`${SIZE_MESSAGE} Crop a smaller part or choose a smaller image.`)
        return
      }
      const fail = async (stored: string[], message: string) => {
        await removeImages(stored)
        setProblem(message)
        toast.error(message)
      }
      const result = await uploadImage(newImagePath(folder, extension), blob, contentType)
      if ('error' in result) return await fail([], result.error)
      const stored = [result.path]
      const copyPaths: Record<'small' | 'thumb', string | null> = { small: null, thumb: null }
      for (const { copy, blob: copyBlob } of copies) {
        const saved = await uploadImage(copyPathOf(result.path, copy), copyBlob, contentType)
        if ('error' in saved) return await fail(stored, saved.error)
        stored.push((copyPaths[copy] = saved.path))
      }
      if (onUploaded) {
        const failed = await onUploaded({
          path: result.path,
          smallPath: copyPaths.small,
          thumbPath: copyPaths.thumb,
          alt: alt.trim(),
        })
        if (failed) return await fail(stored, failed)
      }
      onChange?.(result.path)
      toast.success(askAlt ? 'Photo added' : 'Image uploaded')
      reset()
    } catch (e) {
      const message = (e as Error).message || 'The image could not be prepared.'
      setProblem(message)
      toast.error(message)
    } finally {
      setBusy(false)
    }
  }

  const shown = problem ?? error ?? null
  const current = imageSrc(value)
  const describedBy = [`${id}-hint`, shown ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={box} role='group' aria-labelledby={`${id}-label`}>
      <span className='label' id={`${id}-label`}>
        {label}
      </span>
      {current && !picked && (
        <>
          <img className='preview' src={current} alt={previewAlt || label} />
          {onChange && (
            <div className='row'>
              <button
                type='button'
                className={buttonSecondary}
                onClick={() => {
                  reset()
                  onChange(null)
                }}
              >
                Remove image
              </button>
            </div>
          )}
        </>
      )}
      {unavailable ? (
        <p className='hint'>{unavailable}</p>
      ) : (
        <>
          <label htmlFor={`${id}-file`}>
            {current ? `Replace ${label.toLowerCase()}` : `Choose ${askAlt ? 'a photo' : 'an image'}`}
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type='file'
            accept={IMAGE_ACCEPT}
            disabled={busy}
            onChange={(e) => void choose(e)}
            aria-invalid={shown ? true : undefined}
            aria-describedby={describedBy}
          />
          <p className='hint' id={`${id}-hint`}>
            {hint ?? `PNG, GIF, JPEG, BMP or ICO, at most 5 MB; cropped ${ratioText(aspectNow())}.`}
          </p>
        </>
      )}
      {shown && (
        <p className='error' id={`${id}-error`} role='alert'>
          {shown}
        </p>
      )}
      {picked && (
        <div className='step'>
          {picked.image && picked.crop ? (
            <CropCanvas
              image={picked.image}
              box={picked.crop}
              aspect={picked.aspect}
              label={`Crop ${label.toLowerCase()}`}
              onChange={(crop) => setPicked((p) => (p ? { ...p, crop } : p))}
            />
          ) : (
            <>
              <img className='asis' src={picked.url} alt='The chosen image' />
              <p className='hint'>GIF and ICO images are uploaded as they are, without cropping.</p>
            </>
          )}
          {askAlt && (
            <div className='alt'>
              <label htmlFor={`${id}-alt`}>Alt text</label>
              <input
                id={`${id}-alt`}
                value={alt}
                maxLength={300}
                onChange={(e) => setAlt(e.target.value)}
                aria-invalid={altError ? true : undefined}
                aria-describedby={`${id}-alt-hint${altError ? ` ${id}-alt-error` : ''}`}
              />
              <p className='hint' id={`${id}-alt-hint`}>
                What the photo shows, for people who cannot see it.
              </p>
              {altError && (
                <p className='error' id={`${id}-alt-error`}>
                  {altError}
                </p>
              )}
            </div>
          )}
          <div className='row'>
            <button type='button' className={buttonPrimary} disabled={busy} onClick={() => void upload()}>
              {busy ? 'Uploading…' : askAlt ? 'Upload photo' : 'Upload image'}
            </button>
            <button
              type='button'
              className={buttonSecondary}
              disabled={busy}
              onClick={() => {
                reset()
                input.current?.focus()
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
