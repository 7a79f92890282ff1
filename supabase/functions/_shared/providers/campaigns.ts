// The e-mail-marketing list behind one small interface: an ActiveCampaign API v3 client
// (POST /api/3/contact/sync, then POST /api/3/contactLists; `Api-Token` header) and a local one
// that records the calls. CAMPAIGNS_PROVIDER=activecampaign selects the real one; the local one
// runs in the local stack only (see config.ts).
import { providerChoice } from './config.ts'
import { providerFetch, recordCall } from './record.ts'

/** A type, not an interface: the local provider records it as jsonb (Json's index signature). */
export type CampaignContact = {
  email: string
  first_name: string
  last_name: string
  phone?: string | null
}

export interface CampaignProvider {
  readonly name: string
  /** Adds or updates the contact and subscribes it to the list. */
  subscribe(listId: string, contact: CampaignContact): Promise<{ contactId: string }>
}

export class LocalCampaigns implements CampaignProvider {
  readonly name = 'local'
  async subscribe(listId: string, contact: CampaignContact) {
    const id = await recordCall('campaigns', 'subscribe', { list_id: listId, contact })
    return { contactId: `local_${id}` }
  }
}

export class ActiveCampaign implements CampaignProvider {
  readonly name = 'activecampaign'
  constructor(private opts: { baseUrl: string; apiToken: string }) {}
  private post(path: string, body: unknown) {
    return providerFetch(
      'The campaign list (ActiveCampaign)',
      `${this.opts.baseUrl.replace(/\/$/, '')}/api/3/${path}`,
      {
        method: 'POST',
        headers: {
          'api-token': this.opts.apiToken,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
      },
    )
  }
  async subscribe(listId: string, c: CampaignContact) {
    const synced = await this.post('contact/sync', {
      contact: {
        email: c.email,
        firstName: c.first_name,
        lastName: c.last_name,
        ...(c.phone ? { phone: c.phone } : {}),
      },
    }) as { contact: { id: string } }
    await this.post('contactLists', {
      contactList: { list: listId, contact: synced.contact.id, status: 1 },
    })
    return { contactId: String(synced.contact.id) }
  }
}

/** ActiveCampaign when CAMPAIGNS_PROVIDER=activecampaign with its URL and token; the local one in
 *  the local stack; otherwise 503 not_configured. */
export function campaignProvider(): CampaignProvider {
  const choice = providerChoice('campaigns')
  if (choice.kind === 'real') {
    return new ActiveCampaign({
      baseUrl: choice.secrets.ACTIVECAMPAIGN_URL!,
      apiToken: choice.secrets.ACTIVECAMPAIGN_API_TOKEN!,
    })
  }
  return new LocalCampaigns()
}
