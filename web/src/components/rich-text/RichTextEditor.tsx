// The rich-text editor (ProseMirror). Loaded lazily through LazyRichTextEditor, so it lives in
// its own chunk. Content goes in and out as ProseMirror JSON; render it with renderRichText.
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { css } from 'goober'
import type { EditorState } from 'prosemirror-state'
import { EditorView } from 'prosemirror-view'
import { Modal } from '@/components/Modal'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { IMAGE_ACCEPT, isAcceptedImageFile } from '@/lib/rich-text/rules'
import {
  commands,
  createEditorState,
  insertImage,
  isMarkActive,
  linkAtSelection,
  RichTextRuleError,
  setLink,
  toJSON,
} from './editor-state'
import { richTextSchema } from './schema'
import { TOOL_LABELS, TOOLBAR_PRESETS, type ToolbarPreset, type ToolId } from './toolbar'

const flush = css`
  margin: 0;
`
const dialogButtons = css`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
`
const errorLine = css`
  color: var(--roots-error);
`

export interface RichTextEditorProps {
  /** Accessible name of the editing area. */
  label: string
  value?: RichTextNode | null
  onChange?: (value: RichTextNode) => void
  preset?: ToolbarPreset
  /** Uploads a picked image and resolves to its URL; without it the image tool is hidden. */
  onUploadImage?: (file: File) => Promise<string>
  describedBy?: string
}

const wrapper = css`
  border: 1px solid var(--roots-border);
  border-radius: 0.5rem;
  background: var(--roots-surface);
  &:focus-within {
    outline: 3px solid var(--roots-focus);
    outline-offset: 1px;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
    padding: 0.375rem;
    border-bottom: 1px solid #d9ddd9;
  }
  .toolbar button {
    min-width: 2.5rem;
    min-height: 2.5rem;
    border: 1px solid transparent;
    border-radius: 0.375rem;
    background: none;
    color: var(--roots-text);
    font: inherit;
    font-weight: 700;
    cursor: pointer;
  }
  .toolbar button[aria-pressed='true'] {
    background: #dfeae2;
    border-color: var(--roots-primary);
  }
  .toolbar button:disabled {
    color: #767676;
    cursor: not-allowed;
  }
  .ProseMirror {
    min-height: 8rem;
    padding: 0.75rem 1rem;
    outline: none;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .ProseMirror p {
    margin: 0 0 0.75rem;
  }
`
const field = css`
  display: grid;
  gap: 0.25rem;
  margin-bottom: 1rem;
  label {
    font-weight: 600;
  }
  input {
    font: inherit;
    padding: 0.5rem;
    border: 1px solid var(--roots-border);
    border-radius: 0.375rem;
    min-height: 2.75rem;
  }
  .error {
    color: var(--roots-error);
    margin: 0;
  }
`

const toolCommand = (id: ToolId) => (id === 'link' || id === 'image' ? null : commands[id])

export default function RichTextEditor({
  label,
  value,
  onChange,
  preset = 'essential',
  onUploadImage,
  describedBy,
}: RichTextEditorProps) {
  const mount = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const [state, setState] = useState<EditorState | null>(null)
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const toolbarLabel = `${label} formatting`

  useEffect(() => {
    const v = new EditorView(mount.current!, {
      state: createEditorState(value),
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
      dispatchTransaction(tr) {
        const next = v.state.apply(tr)
        v.updateState(next)
        setState(next)
        if (tr.docChanged) onChangeRef.current?.(toJSON(next))
      },
    })
    view.current = v
    setState(v.state)
    return () => {
      v.destroy()
      view.current = null
    }
    // The editor owns its document after mount; `value` seeds it.
  }, []) // eslint-disable-line react-hooks/exhaustive-deps

  const tools = TOOLBAR_PRESETS[preset].filter((t) => t !== 'image' || onUploadImage)

  const run = (id: ToolId) => {
    const v = view.current
    if (!v) return
    if (id === 'link' || id === 'image') return setDialog(id)
    toolCommand(id)!(v.state, v.dispatch, v)
    v.focus()
  }

  const onToolbarKey = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
    const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')]
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement)
    const next = buttons[(i + (e.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length]
    next?.focus()
    e.preventDefault()
  }

  const pressed = (id: ToolId): boolean | undefined => {
    if (!state) return undefined
    if (id === 'bold') return isMarkActive(state, richTextSchema.marks.strong)
    if (id === 'italic') return isMarkActive(state, richTextSchema.marks.em)
    if (id === 'code') return isMarkActive(state, richTextSchema.marks.code)
    if (id === 'link') return !!linkAtSelection(state)
    return undefined
  }

  return (
    <div className={wrapper}>
      <div className='toolbar' role='toolbar' aria-label={toolbarLabel} onKeyDown={onToolbarKey}>
        {tools.map((id) => {
          const cmd = toolCommand(id)
          // Until the editor has mounted (the effect above; later than the toolbar when the
          // editor was loaded lazily) a click would do nothing, so the buttons say so.
          const enabled = state !== null && (!cmd || cmd(state))
          return (
            <button
              key={id}
              type='button'
              title={TOOL_LABELS[id].label}
              aria-label={TOOL_LABELS[id].label}
              aria-pressed={pressed(id)}
              disabled={!enabled}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(id)}
            >
              <span aria-hidden='true'>{TOOL_LABELS[id].glyph}</span>
            </button>
          )
        })}
      </div>
      <div ref={mount} />
      {dialog === 'link' && view.current && (
        <LinkDialog
          initial={linkAtSelection(view.current.state)?.attrs.href ?? ''}
          onApply={(href) => {
            const v = view.current!
            setLink(href)(v.state, v.dispatch, v)
          }}
          onClose={() => {
            setDialog(null)
            view.current?.focus()
          }}
        />
      )}
      {dialog === 'image' && view.current && onUploadImage && (
        <ImageDialog
          upload={onUploadImage}
          onInsert={(src, alt) => {
            const v = view.current!
            insertImage(src, alt)(v.state, v.dispatch, v)
          }}
          onClose={() => {
            setDialog(null)
            view.current?.focus()
          }}
        />
      )}
    </div>
  )
}

function LinkDialog({
  initial,
  onApply,
  onClose,
}: {
  initial: string
  onApply: (href: string) => void
  onClose: () => void
}) {
  const [href, setHref] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const id = useId()
  const apply = (value: string) => {
    try {
      onApply(value)
      onClose()
    } catch (e) {
      if (e instanceof RichTextRuleError) setError(e.message)
      else throw e
    }
  }
  return (
    <Modal title='Link' onClose={onClose} onClickOutside={onClose} closeLabel='Close link dialog'>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          e.stopPropagation()
          apply(href)
        }}
      >
        <div className={field}>
          <label htmlFor={`${id}-href`}>Link address</label>
          <input
            id={`${id}-href`}
            value={href}
            onChange={(e) => {
              setHref(e.currentTarget.value)
              setError(null)
            }}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            inputMode='url'
            autoComplete='off'
          />
          <p id={`${id}-hint`} className={flush}>
            An https:// web address, or mailto: or tel:.
          </p>
          {error && (
            <p id={`${id}-error`} className='error' role='alert'>
              {error}
            </p>
          )}
        </div>
        <div className={dialogButtons}>
          <button type='submit' className={buttonPrimary}>
            Apply
          </button>
          {initial && (
            <button type='button' className={buttonSecondary} onClick={() => apply('')}>
              Remove link
            </button>
          )}
        </div>
      </form>
    </Modal>
  )
}

function ImageDialog({
  upload,
  onInsert,
  onClose,
}: {
  upload: (f: File) => Promise<string>
  onInsert: (src: string, alt: string) => void
  onClose: () => void
}) {
  const [file, setFile] = useState<File | null>(null)
  const [alt, setAlt] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const submit = async () => {
    if (!file) return setError('Choose an image file.')
    if (!isAcceptedImageFile(file)) return setError('Images must be PNG, GIF, JPEG, BMP or ICO files.')
    setBusy(true)
    try {
      onInsert(await upload(file), alt.trim())
      onClose()
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The image could not be uploaded.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal title='Image' onClose={onClose} onClickOutside={onClose} closeLabel='Close image dialog'>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          e.stopPropagation()
          void submit()
        }}
      >
        <div className={field}>
          <label htmlFor={`${id}-file`}>Image file (PNG, GIF, JPEG, BMP or ICO)</label>
          <input
            id={`${id}-file`}
            type='file'
            accept={IMAGE_ACCEPT}
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null)
              setError(null)
            }}
          />
        </div>
        <div className={field}>
          <label htmlFor={`${id}-alt`}>Description for people who cannot see it</label>
          <input id={`${id}-alt`} value={alt} onChange={(e) => setAlt(e.currentTarget.value)} />
        </div>
        {error && (
          <p className={`error ${errorLine}`} role='alert'>
            {error}
          </p>
        )}
        <button type='submit' className={buttonPrimary} disabled={busy}>
          {busy ? 'Uploading…' : 'Insert image'}
        </button>
      </form>
    </Modal>
  )
}
