import { css } from 'goober'
import { useSnapshot } from 'valtio'
import { Modal } from '@/components/Modal'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import type { ConsentEntry } from '../consent-entries'
import {
  acceptAll,
  acceptNecessary,
  canCloseModal,
  clickOutsideModal,
  closeModal,
  consent,
  declineAll,
  hasUnsavedChanges,
  isLocked,
  saveSelection,
  toggle,
} from '../stores/consent-store'

const group = css`
  border: 0;
  padding: 0;
  margin: 0 0 1rem;
  legend {
    font-weight: 700;
    font-size: 1.05rem;
    margin-bottom: 0.5rem;
  }
`
const item = css`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.25rem 0.75rem;
  padding: 0.75rem 0;
  border-top: 1px solid #d9ddd9;
  input {
    width: 1.4rem;
    height: 1.4rem;
    margin: 0.1rem 0 0;
    accent-color: var(--roots-primary);
  }
  label {
    font-weight: 600;
  }
  p,
  ul {
    grid-column: 2;
    margin: 0;
    color: var(--roots-muted);
  }
  ul {
    padding-left: 1.1rem;
  }
`
const note = css`
  margin: 0 0 1rem;
  padding: 0.5rem 0.75rem;
  border-left: 4px solid var(--roots-warning);
  background: #fdf4e3;
  color: var(--roots-text);
`
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  @media (max-width: 30rem) {
    button {
      flex: 1 1 calc(50% - 0.25rem);
      padding-inline: 0.5rem;
    }
  }
`

function Entry({
  entry,
  checked,
  locked,
}: {
  entry: Readonly<Pick<ConsentEntry, 'id' | 'name' | 'description'>> & {
    links?: readonly { label: string; href: string }[]
  }
  checked: boolean
  locked: boolean
}) {
  const id = `consent-${entry.id}`
  return (
    <div className={item}>
      <input
        id={id}
        type='checkbox'
        checked={checked}
        disabled={locked}
        aria-describedby={`${id}-description`}
        onChange={(e) => toggle(entry.id, e.currentTarget.checked)}
      />
      <label htmlFor={id}>
        {entry.name}
        {locked ? ' (always on)' : ''}
      </label>
      <p id={`${id}-description`}>{entry.description}</p>
      {entry.links && entry.links.length > 0 && (
        <ul>
          {entry.links.map((l) => (
            <li key={l.href}>
              <a href={l.href} target='_blank' rel='noopener noreferrer'>
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function ConsentModal() {
  const snap = useSnapshot(consent)
  if (!snap.isModalOpen) return null
  const closable = canCloseModal(snap as typeof consent)
  const unsaved = hasUnsavedChanges(snap as typeof consent)
  return (
    <Modal
      title='Cookie settings'
      closeLabel='Close cookie settings'
      onClose={closable ? () => closeModal() : undefined}
      onClickOutside={closable ? () => clickOutsideModal() : undefined}
    >
      <p>
        Choose which cookies we may use. You can change this at any time from “Cookie settings” at the foot of every
        page.
      </p>
      <fieldset className={group}>
        <legend>Necessary</legend>
        {snap.entries.necessary.map((e) => (
          <Entry key={e.id} entry={e} checked={!!snap.selection[e.id]} locked={isLocked(e.id)} />
        ))}
      </fieldset>
      <fieldset className={group}>
        <legend>Optional</legend>
        {snap.entries.optional.map((e) => (
          <Entry key={e.id} entry={e} checked={!!snap.selection[e.id]} locked={false} />
        ))}
      </fieldset>
      <div role='status'>{unsaved && <p className={note}>You have unsaved settings.</p>}</div>
      <div className={actions}>
        <button type='button' className={buttonPrimary} onClick={saveSelection}>
          Save settings
        </button>
        <button type='button' className={buttonSecondary} onClick={acceptAll}>
          Accept all
        </button>
        <button type='button' className={buttonSecondary} onClick={acceptNecessary}>
          Necessary only
        </button>
        <button type='button' className={buttonSecondary} onClick={declineAll}>
          Decline all
        </button>
      </div>
    </Modal>
  )
}
