// The "Find a site near you" panel of /sites (id near-me: the home page's button lands here and
// focuses it): "Use my location" through the browser's geolocation, or a UK postcode looked up by
// the postcodes function. The chosen origin goes into the URL (near-me.ts); the list sorts itself.
import { css } from 'goober'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { normalisePostcode, POSTCODE_INVALID_MESSAGE } from '@common/geo'
import { TextField } from '@/components/form/Field'
import { buttonLink, buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { lookupPostcode, type NearState } from './near-me'

export const NEAR_ME_ID = 'near-me'

export const GEO_DENIED =
  "We could not use your location because permission was refused. Allow location for this site in your browser's settings, or enter a postcode."
export const GEO_UNAVAILABLE = 'Your location is not available just now. Try again, or enter a postcode.'
export const GEO_UNSUPPORTED = 'This browser cannot share your location. Enter a postcode instead.'

const panel = css`
  background: var(--roots-surface);
  border: 1px solid #d6dbd6;
  border-radius: 0.75rem;
  padding: 1rem 1.1rem;
  margin: 0 0 1.25rem;
  max-width: 40rem;
  scroll-margin-top: 1rem;
  h2 {
    margin: 0 0 0.35rem;
    font-size: 1.25rem;
  }
  .intro {
    margin: 0 0 0.75rem;
  }
  .postcode {
    display: flex;
    flex-wrap: wrap;
    gap: 0 0.75rem;
    align-items: flex-start;
  }
  .postcode > div {
    flex: 1 1 12rem;
    margin-bottom: 0.5rem;
  }
  /* Beside the box on wider screens (level with it, below its label); under it on a phone. */
  @media (min-width: 30rem) {
    .postcode button {
      margin-top: 1.75rem;
    }
  }
  .or {
    margin: 0.6rem 0;
    color: var(--roots-muted);
  }
  .status {
    margin: 0.5rem 0 0;
    font-weight: 600;
  }
  .status:empty {
    display: none;
  }
  .origin {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.75rem;
    align-items: baseline;
    margin: 0.5rem 0 0;
  }
  .origin .status {
    margin: 0;
  }
  &:focus {
    outline: 3px solid var(--roots-primary);
    outline-offset: 2px;
  }
`

type Busy = { kind: 'locating' } | { kind: 'looking'; postcode: string } | null

export function NearMe({ near }: { near: NearState }) {
  const section = useRef<HTMLElement>(null)
  const [value, setValue] = useState(() =>
    near.origin?.kind === 'postcode' ? (near.origin.postcode ?? near.origin.raw) : '',
  )
  const [busy, setBusy] = useState<Busy>(null)
  const [postcodeError, setPostcodeError] = useState<string | null>(null)
  const [geoError, setGeoError] = useState<string | null>(null)

  // Arriving at /sites#near-me (the home page's button): the panel takes focus, after the
  // navigation has moved focus to the main landmark.
  useEffect(() => {
    if (globalThis.location?.hash !== `#${NEAR_ME_ID}`) return
    let inner = 0
    const outer = requestAnimationFrame(() => {
      inner = requestAnimationFrame(() => section.current?.focus())
    })
    return () => {
      cancelAnimationFrame(outer)
      cancelAnimationFrame(inner)
    }
  }, [])

  // Back and forward: the box shows the postcode the URL names.
  const urlPostcode = near.origin?.kind === 'postcode' ? (near.origin.postcode ?? near.origin.raw) : null
  useEffect(() => {
    if (urlPostcode !== null) setValue(urlPostcode)
  }, [urlPostcode])

  const locate = () => {
    setPostcodeError(null)
    setGeoError(null)
    const geo = globalThis.navigator?.geolocation
    if (!geo) {
      setGeoError(GEO_UNSUPPORTED)
      return
    }
    setBusy({ kind: 'locating' })
    geo.getCurrentPosition(
      (pos) => {
        setBusy(null)
        setValue('')
        near.choose({ point: { latitude: pos.coords.latitude, longitude: pos.coords.longitude } })
      },
      (err) => {
        setBusy(null)
        setGeoError(err.code === 1 ? GEO_DENIED : GEO_UNAVAILABLE)
      },
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 300_000 },
    )
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const input = e.currentTarget.elements.namedItem('postcode') as HTMLInputElement | null
    setGeoError(null)
    const postcode = normalisePostcode(value)
    if (!postcode) {
      setPostcodeError(POSTCODE_INVALID_MESSAGE)
      input?.focus()
      return
    }
    setPostcodeError(null)
    setBusy({ kind: 'looking', postcode })
    try {
      await lookupPostcode(postcode)
      setValue(postcode)
      near.choose({ postcode })
    } catch (err) {
      setPostcodeError((err as Error).message)
      input?.focus()
    } finally {
      setBusy(null)
    }
  }

  const clear = () => {
    setValue('')
    setPostcodeError(null)
    setGeoError(null)
    near.choose(null)
  }

  // A postcode in the URL that cannot be used says why, in the box, until the visitor acts.
  const shownPostcodeError = postcodeError ?? (busy === null && near.origin?.kind === 'postcode' ? near.error : null)
  const status =
    busy?.kind === 'locating'
      ? 'Finding your location…'
      : busy?.kind === 'looking'
        ? `Looking up ${busy.postcode}…`
        : near.looking
          ? 'Looking up the postcode…'
          : near.label
            ? `Sorted by distance from ${near.label}.`
            : ''

  return (
    <section id={NEAR_ME_ID} ref={section} tabIndex={-1} className={panel} aria-labelledby='near-me-title'>
      <h2 id='near-me-title'>Find a site near you</h2>
      <p className='intro'>Use your location or enter a postcode, and we will put the nearest sites first.</p>
      <button type='button' className={buttonSecondary} onClick={locate} disabled={busy !== null}>
        Use my location
      </button>
      {geoError && (
        <p className={errorText} role='alert'>
          {geoError}
        </p>
      )}
      <p className='or'>or</p>
      <form className='postcode' onSubmit={submit} noValidate aria-label='Find sites near a postcode'>
        <TextField
          label='Postcode'
          name='postcode'
          autoComplete='postal-code'
          autoCapitalize='characters'
          spellCheck={false}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={shownPostcodeError ?? undefined}
          maxLength={16}
        />
        <button type='submit' className={buttonPrimary} disabled={busy !== null}>
          Find sites
        </button>
      </form>
      <div className='origin'>
        <p className='status' role='status' aria-live='polite'>
          {status}
        </p>
        {near.label && busy === null && (
          <button type='button' className={buttonLink} onClick={clear}>
            Clear
          </button>
        )}
      </div>
    </section>
  )
}
