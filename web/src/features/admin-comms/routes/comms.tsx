// /admin/waiting-list/comms (and /templates): the message templates, to edit or send from.
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { ConfirmDialog, EmptyState, ErrorNotice, PageHeader, Status } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonLink, buttonPrimary, buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { useDeleteTemplate } from '../api/delete-template'
import { type Template, useTemplates } from '../api/get-templates'
import { emptyTemplate, type TemplateFormValues } from '../api/template-schema'
import { useSaveTemplate } from '../api/save-template'
import { TemplateForm } from '../components/TemplateForm'
import { noWrap } from '@/components/admin/styles'
import { usePageMeta } from '@/lib/page-meta'
import { numericDate } from '@/lib/dates'

export function AdminCommsRoute() {
  usePageMeta('Communications')
  const templates = useTemplates()
  const remove = useDeleteTemplate()
  const [deleting, setDeleting] = useState<Template | null>(null)
  return (
    <>
      <PageHeader title='Communications'>
        <Link href={`~${adminPaths.adminCommsCreate.getHref()}`} className={buttonPrimary}>
          New template
        </Link>
        <Link href={`~${adminPaths.adminCommunications.getHref()}`} className={buttonSecondary}>
          Message log
        </Link>
      </PageHeader>
      {templates.isPending && <Status>Loading templates…</Status>}
      {templates.isError && <ErrorNotice title='The templates could not be loaded' message={templates.error.message} />}
      <DataTable
        rows={templates.data}
        head={['Template', 'Sent as', 'Subject', 'Changed', 'Actions']}
        label='Communications'
        empty='No templates yet. Write the first one.'
      >
        {(t) => (
          <tr key={t.id}>
            <td>
              <Link href={`~${adminPaths.adminCommsTemplate.getHref({ id: String(t.id) })}`}>{t.name}</Link>
            </td>
            <td>{t.channel === 'email' ? 'E-mail' : 'Text message'}</td>
            <td>{t.subject ?? '—'}</td>
            <td>{numericDate(t.updated_at)}</td>
            <td className={noWrap}>
              <Link
                href={`~${adminPaths.adminCommsTemplate.getHref({ id: String(t.id) })}`}
                aria-label={`Send ${t.name}`}
              >
                Send
              </Link>
              {' · '}
              <Link
                href={`~${adminPaths.adminCommsTemplateEdit.getHref({ id: String(t.id) })}`}
                aria-label={`Edit ${t.name}`}
              >
                Edit
              </Link>
              {' · '}
              <button
                type='button'
                className={buttonLink}
                aria-label={`Delete ${t.name}`}
                onClick={() => setDeleting(t)}
              >
                Delete
              </button>
            </td>
          </tr>
        )}
      </DataTable>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel='Delete'
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success('Template deleted')
                setDeleting(null)
              },
              onError: (e) => {
                toast.error(e.message)
                setDeleting(null)
              },
            })
          }
        >
          <p>The message log keeps what was sent with it.</p>
        </ConfirmDialog>
      )}
    </>
  )
}

/** Saves the template and opens it; a failure comes back as the form's message. */
function useSaveAndOpen(id: number | null) {
  const [, navigate] = useLocation()
  const save = useSaveTemplate()
  return async (values: TemplateFormValues): Promise<string | null> => {
    try {
      const t = await save.mutateAsync({ id, values })
      toast.success('Template saved')
      navigate(`~${adminPaths.adminCommsTemplate.getHref({ id: String(t.id) })}`)
      return null
    } catch (e) {
      return (e as { code?: string }).code === '23505'
        ? 'Another template already has this name.'
        : (e as Error).message
    }
  }
}

export function AdminCommsCreateRoute() {
  usePageMeta('New template')
  const [, navigate] = useLocation()
  const saveAndOpen = useSaveAndOpen(null)
  return (
    <>
      <PageHeader title='New template' />
      <TemplateForm
        initial={emptyTemplate()}
        submitLabel='Save template'
        onCancel={() => navigate(`~${adminPaths.adminComms.getHref()}`)}
        onSave={saveAndOpen}
      />
    </>
  )
}

export function AdminCommsEditRoute({ id }: { id: string }) {
  usePageMeta('Edit template')
  const [, navigate] = useLocation()
  const templates = useTemplates()
  const saveAndOpen = useSaveAndOpen(Number(id))
  const t = templates.data?.find((x) => x.id === Number(id))
  if (templates.isPending) return <Status>Loading the template…</Status>
  if (templates.isError) return <ErrorNotice message={templates.error.message} />
  if (!t)
    return (
      <>
        <PageHeader title='Edit template' />
        <EmptyState>There is no template {id}.</EmptyState>
      </>
    )
  return (
    <>
      <PageHeader title={`Edit ${t.name}`} />
      <TemplateForm
        key={t.id}
        initial={{
          name: t.name,
          channel: t.channel,
          subject: t.subject ?? '',
          body: t.body,
          body_text: t.body_text ?? '',
        }}
        submitLabel='Save template'
        onCancel={() => navigate(`~${adminPaths.adminComms.getHref()}`)}
        onSave={saveAndOpen}
      />
    </>
  )
}
