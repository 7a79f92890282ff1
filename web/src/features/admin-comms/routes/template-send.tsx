// /admin/waiting-list/comms/{id}: the template, and sending it to a site's applicants by
// status: preview the first recipient's message and the count, then send after confirming.
import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { ConfirmDialog, EmptyState, ErrorNotice, Field, PageHeader, Status } from '@/components/admin/ui'
import { actionRow, buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { toast } from '@/lib/toast'
import { useCommsSites } from '../api/get-sites'
import { useTemplates } from '../api/get-templates'
import { type Preview, SEND_STATUSES, sendSchema, usePreviewTemplate, useSendTemplate } from '../api/send-template'
import { usePageMeta } from '@/lib/page-meta'

const sendForm = css`
  max-width: 40rem;
`
const plainFieldset = css`
  border: 0;
  padding: 0;
  margin: 0 0 1rem;
  legend {
    font-weight: 600;
  }
  label {
    display: inline-flex;
    gap: 0.375rem;
    align-items: center;
    margin-right: 1rem;
    min-height: 2.75rem;
  }
`
const flush = css`
  margin: 0;
`
const previewSection = css`
  margin-top: 1.5rem;
`
const previewFrame = css`
  width: 100%;
  min-height: 18rem;
  border: 1px solid #d9ddd9;
  border-radius: 0.5rem;
  background: #fff;
`

export function AdminCommsSendRoute({ id }: { id: string }) {
  const templates = useTemplates()
  const sites = useCommsSites()
  const preview = usePreviewTemplate()
  const send = useSendTemplate()
  const [siteId, setSiteId] = useState('')
  const [statuses, setStatuses] = useState<string[]>(['waiting'])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [shown, setShown] = useState<{ key: string; data: Preview } | null>(null)
  // Why the last preview was refused (a list too long, say): it stays beside the form until the
  // choice changes, not only in a toast that goes.
  const [refused, setRefused] = useState<{ key: string; message: string } | null>(null)
  const [confirming, setConfirming] = useState(false)
  const t = templates.data?.find((x) => x.id === Number(id))
  usePageMeta(t?.name ?? 'Template')
  const inputKey = `${siteId}|${statuses.join(',')}`
  const input = {
    template_id: Number(id),
    site_id: siteId === '' ? Number.NaN : Number(siteId),
    statuses: statuses as (typeof SEND_STATUSES)[number][],
  }

  const doPreview = (e: FormEvent) => {
    e.preventDefault()
    const parsed = sendSchema.safeParse(input)
    if (!parsed.success) {
      const errs: Record<string, string> = {}
      for (const i of parsed.error.issues) errs[i.path.join('.')] ??= i.message
      setErrors(errs)
      toast.error(Object.values(errs)[0]!)
      return
    }
    setErrors({})
    preview.mutate(input, {
      onSuccess: (data) => {
        setShown({ key: inputKey, data })
        setRefused(null)
      },
      onError: (err) => {
        setRefused({ key: inputKey, message: err.message })
        toast.error(err.message)
      },
    })
  }

  if (templates.isPending) return <Status>Loading the template…</Status>
  if (templates.isError) return <ErrorNotice message={templates.error.message} />
  if (!t)
    return (
      <>
        <PageHeader title='Template' />
        <EmptyState>There is no template {id}.</EmptyState>
      </>
    )
  const fresh = shown && shown.key === inputKey ? shown.data : null
  return (
    <>
      <PageHeader title={t.name}>
        <Link href={`~${adminPaths.adminCommsTemplateEdit.getHref({ id })}`} className={buttonSecondary}>
          Edit
        </Link>
      </PageHeader>
      {t.channel !== 'email' ? (
        <p>Text-message templates cannot be sent from here yet: only e-mail templates.</p>
      ) : (
        <>
          <form onSubmit={doPreview} noValidate className={sendForm} aria-label='Send to applicants'>
            <Field label='Site' error={errors.site_id}>
              <select value={siteId} onChange={(e) => setSiteId(e.target.value)}>
                <option value=''>Choose a site…</option>
                {sites.data?.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.location} ({s.city})
                  </option>
                ))}
              </select>
            </Field>
            <fieldset className={plainFieldset} aria-describedby={errors.statuses ? 'statuses-error' : undefined}>
              <legend>Applicants who are</legend>
              {SEND_STATUSES.map((s) => (
                <label key={s}>
                  <input
                    type='checkbox'
                    checked={statuses.includes(s)}
                    onChange={(e) =>
                      setStatuses((cur) => (e.target.checked ? [...cur, s] : cur.filter((x) => x !== s)))
                    }
                  />
                  {s}
                </label>
              ))}
              {errors.statuses && (
                <p id='statuses-error' className={`${errorText} ${flush}`}>
                  {errors.statuses}
                </p>
              )}
            </fieldset>
            <div className={actionRow}>
              <button type='submit' className={buttonSecondary} disabled={preview.isPending}>
                {preview.isPending ? 'Preparing…' : 'Preview'}
              </button>
              <button
                type='button'
                className={buttonPrimary}
                disabled={!fresh || fresh.recipients === 0}
                onClick={() => setConfirming(true)}
              >
                {fresh ? `Send to ${fresh.recipients} ${fresh.recipients === 1 ? 'applicant' : 'applicants'}` : 'Send'}
              </button>
            </div>
          </form>
          {refused && refused.key === inputKey && <ErrorNotice title='No preview' message={refused.message} />}
          {fresh && (
            <section aria-labelledby='preview-title' className={previewSection}>
              <h2 id='preview-title'>Preview</h2>
              {fresh.preview === null ? (
                <EmptyState>Nobody at this site has these statuses.</EmptyState>
              ) : (
                <>
                  <p>
                    <strong>To:</strong> {fresh.preview.to}{' '}
                    {fresh.recipients > 1 ? `and ${fresh.recipients - 1} more` : ''}
                    <br />
                    <strong>Subject:</strong> {fresh.preview.subject}
                  </p>
                  <iframe title='Message preview' sandbox='' srcDoc={fresh.preview.html} className={previewFrame} />
                </>
              )}
            </section>
          )}
        </>
      )}
      {confirming && fresh && (
        <ConfirmDialog
          title='Send this message?'
          confirmLabel='Send'
          busy={send.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            send.mutate(input, {
              onSuccess: (r) => {
                setConfirming(false)
                setShown(null)
                if (r.failed > 0) toast.warning(`${r.sent} sent, ${r.failed} failed: see the message log`)
                else
                  toast.success(
                    `${r.sent} ${r.sent === 1 ? 'message' : 'messages'} sent${r.repeated ? ' (already sent earlier)' : ''}`,
                  )
              },
              onError: (e) => {
                setConfirming(false)
                toast.error(e.message)
              },
            })
          }
        >
          <p>
            {fresh.recipients} {fresh.recipients === 1 ? 'applicant' : 'applicants'} will get “{t.subject}”.
          </p>
        </ConfirmDialog>
      )}
    </>
  )
}
