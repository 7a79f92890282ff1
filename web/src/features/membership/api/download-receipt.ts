// "Download PDF" on a receipt: the payments function renders it for the signed-in member
// (GET payments/receipt/<invoice_id>.pdf with their access token, docs/billing.md); the browser
// saves it from a blob URL, so the token never goes into a link.
import { useMutation } from '@tanstack/react-query'
import { fromAnswer } from '@common/function-error'
import { env } from '@/config/env'
import { anonHeaders } from '@/lib/anon-headers'
import { FunctionError, NETWORK_MESSAGE } from '@/lib/call-function'
import { fetchWithRetry } from '@/lib/fetch-with-retry'
import { saveBlob } from '@/lib/save-blob'
import { bearer } from './get-membership-access'

export async function fetchReceiptPdf(invoiceId: number): Promise<Blob> {
  const auth = await bearer()
  if (!auth.authorization) {
    throw new FunctionError(401, 'unauthorized', 'Sign in to download your receipt.')
  }
  let res: Response
  try {
    res = await fetchWithRetry(
      `${env().supabaseUrl}/functions/v1/payments/receipt/${invoiceId}.pdf`,
      { headers: { ...anonHeaders(), ...auth, accept: 'application/pdf' } },
    )
  } catch {
    throw new FunctionError(0, 'network', NETWORK_MESSAGE)
  }
  if (!res.ok) {
    throw fromAnswer(
      res.status,
      await res.json().catch(() => null),
      'We could not make the PDF just now. Please try again.',
    )
  }
  return await res.blob()
}

export const useDownloadReceipt = () =>
  useMutation({
    mutationFn: async ({ id, filename }: { id: number; filename: string }) =>
      saveBlob(await fetchReceiptPdf(id), filename),
  })
