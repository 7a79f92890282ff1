// /admin/plans: membership plans and prices; add, edit, take off offer, delete after confirming.
// /admin/joining-fee: the fee, from when it applies and whether it is charged, with its history.
import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { ConfirmDialog, ErrorNotice, Field, formGrid, PageHeader, Status, useFormSave } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { formatPence, penceToPounds } from '@/lib/admin/money'
import { dateTimeSeconds } from '@/lib/dates'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import {
  type JoiningFee,
  joiningFeeSchema,
  type JoiningFeeFormValues,
  emptyPlan,
  type Plan,
  planToForm,
} from '../api/plan-schema'
import { useDeletePlan, usePlans, useSavePlan } from '../api/plans'
import { useJoiningFee, useSaveJoiningFee } from '../api/joining-fee'
import { PlanForm } from '../components/PlanForm'
import { actionsTight } from '@/components/admin/styles'

const feeForm = css`
  max-width: 40rem;
  margin-bottom: 1.5rem;
`

export function AdminPlansRoute() {
  usePageMeta('Plans')
  const plans = usePlans()
  const save = useSavePlan()
  const remove = useDeletePlan()
  const [editing, setEditing] = useState<Plan | null>(null)
  const [deleting, setDeleting] = useState<Plan | null>(null)
  const [formKey, setFormKey] = useState(0)
  const onSave = (id: number | null) => async (values: Parameters<typeof save.mutateAsync>[0]['values']) => {
    try {
      await save.mutateAsync({ id, values })
      toast.success(id === null ? 'Plan added' : 'Plan saved')
      setEditing(null)
      setFormKey((k) => k + 1)
      return null
    } catch (e) {
      return (e as Error).message
    }
  }
  return (
    <>
      <PageHeader title='Membership plans' />
      {editing ? (
        <PlanForm
          key={`edit-${editing.id}`}
          title={`Edit ${editing.name}`}
          initial={planToForm(editing)}
          submitLabel='Save plan'
          onSave={onSave(editing.id)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <PlanForm
          key={`new-${formKey}`}
          title='New plan'
          initial={emptyPlan()}
          submitLabel='Add plan'
          onSave={onSave(null)}
        />
      )}
      {plans.isPending && <Status>Loading plans…</Status>}
      {plans.isError && <ErrorNotice title='The plans could not be loaded' message={plans.error.message} />}
      <DataTable
        rows={plans.data}
        head={['Plan', 'Plot', { label: 'Price', num: true }, 'Offered', 'Actions']}
        label='Membership plans'
        empty='No plans yet: add the first above.'
      >
        {(p) => (
          <tr key={p.id}>
            <td>
              {p.name}
              {p.description ? (
                <>
                  <br />
                  <small>{p.description}</small>
                </>
              ) : null}
            </td>
            <td>{p.plot_size === 'half' ? 'Half' : 'Full'}</td>
            <td className='num'>
              {formatPence(p.price_pence)} a {p.billing_interval}
            </td>
            <td>{p.active ? 'Yes' : 'No'}</td>
            <td className={actionsTight}>
              <button
                type='button'
                className={buttonSecondary}
                aria-label={`Edit ${p.name}`}
                onClick={() => setEditing(p)}
              >
                Edit
              </button>
              <button
                type='button'
                className={buttonSecondary}
                aria-label={`Delete ${p.name}`}
                onClick={() => setDeleting(p)}
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
          confirmLabel='Delete plan'
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success('Plan deleted')
                setDeleting(null)
              },
              onError: (e) => {
                toast.error(e.message)
                setDeleting(null)
              },
            })
          }
        >
          <p>
            Members on this plan keep their membership, without a plan. To stop offering it, untick “Offered to new
            members” instead.
          </p>
        </ConfirmDialog>
      )}
    </>
  )
}

function JoiningFeeForm({ fee }: { fee: JoiningFee | null }) {
  const save = useSaveJoiningFee()
  const [values, setValues] = useState<JoiningFeeFormValues>(
    fee
      ? { amount: penceToPounds(fee.amount_pence), effective_from: fee.effective_from, active: fee.active }
      : { amount: '', effective_from: new Date().toISOString().slice(0, 10), active: true },
  )
  const { errors, formError, saving, submit } = useFormSave<JoiningFeeFormValues>(joiningFeeSchema, 'joining fee')
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void submit(values, async (v) => {
      try {
        await save.mutateAsync({ id: fee?.id ?? null, values: v })
        toast.success('Joining fee saved')
        return null
      } catch (err) {
        return (err as Error).message
      }
    })
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label='Joining fee' className={feeForm}>
      {formError && (
        <p role='alert' className={errorText}>
          The joining fee was not saved. {formError}
        </p>
      )}
      <div className={formGrid}>
        <Field label='Fee (£)' error={errors.amount}>
          <input
            inputMode='decimal'
            value={values.amount}
            onChange={(e) => setValues((s) => ({ ...s, amount: e.target.value }))}
          />
        </Field>
        <Field
          label='Applies from'
          error={errors.effective_from}
          hint='Charged with memberships started on or after this date.'
        >
          <input
            type='date'
            value={values.effective_from}
            onChange={(e) => setValues((s) => ({ ...s, effective_from: e.target.value }))}
          />
        </Field>
        <Field label='Charge a joining fee' checkbox>
          <input
            type='checkbox'
            checked={values.active}
            onChange={(e) => setValues((s) => ({ ...s, active: e.target.checked }))}
          />
        </Field>
      </div>
      <button type='submit' className={buttonPrimary} disabled={saving}>
        {saving ? 'Saving…' : 'Save joining fee'}
      </button>
    </form>
  )
}

export function AdminJoiningFeeRoute() {
  usePageMeta('Joining fee')
  const fee = useJoiningFee()
  return (
    <>
      <PageHeader title='Joining fee' />
      <p>The one-off fee added to a new member’s first payment, on top of their plan.</p>
      {fee.isPending && <Status>Loading the joining fee…</Status>}
      {fee.isError && <ErrorNotice title='The joining fee could not be loaded' message={fee.error.message} />}
      {fee.data && (
        <>
          <p role='status'>
            {fee.data.fee?.active
              ? `Now: ${formatPence(fee.data.fee.amount_pence)} from ${fee.data.fee.effective_from}.`
              : 'No joining fee is charged now.'}
          </p>
          <JoiningFeeForm key={fee.data.fee?.updated_at ?? 'none'} fee={fee.data.fee} />
          <h2>Changes</h2>
          <DataTable
            rows={fee.data.history}
            head={['When', 'By', 'Change']}
            label='Changes'
            empty='No changes recorded yet.'
          >
            {(h) => (
              <tr key={h.id}>
                <td>{dateTimeSeconds(h.created_at)}</td>
                <td>{h.actor_role ?? '—'}</td>
                <td>
                  {h.action}:{' '}
                  {h.after
                    ? `${formatPence(h.after.amount_pence ?? 0)} from ${h.after.effective_from ?? '?'}${h.after.active === false ? ' (not charged)' : ''}`
                    : 'removed'}
                </td>
              </tr>
            )}
          </DataTable>
        </>
      )}
    </>
  )
}
