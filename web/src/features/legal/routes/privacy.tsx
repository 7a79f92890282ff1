// /privacy: the privacy notice of Roots Allotments Ltd under UK GDPR and the Data Protection Act
// 2018: who the controller is, what each form collects and why (with the lawful basis), how long
// it is kept, who processes it for us, transfers outside the UK, your rights and how to complain.
// Every consent box links here. What the company must still fill in is marked "to complete".
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { Contents, Kind, LegalPage, ToComplete } from '../components/legal-page'

const SECTIONS = [
  { id: 'who', title: 'Who we are' },
  { id: 'what', title: 'What we collect, why, and for how long' },
  { id: 'everyone', title: 'Everyone who visits' },
  { id: 'processors', title: 'Who processes your data for us' },
  { id: 'transfers', title: 'Transfers outside the UK' },
  { id: 'rights', title: 'Your rights' },
  { id: 'complaints', title: 'Complaints' },
  { id: 'changes', title: 'Changes to this notice' },
] as const

/** The privacy mailbox: privacy@ the company's domain, to fill in (no guessed domain: it may be someone else's). */
const Email = () => (
  <strong>
    privacy@<ToComplete>domain</ToComplete>
  </strong>
)

export default function PrivacyRoute() {
  return (
    <LegalPage
      id='privacy-title'
      title='Privacy notice'
      description='How Roots Allotments Ltd uses your personal data, why, for how long, and your rights under UK GDPR.'
      lead={
        <>
          This notice explains what personal data Roots Allotments collects when you use this website, join a waiting
          list, become a member or otherwise deal with us; why we use it; how long we keep it; and the rights you have
          over it.
        </>
      }
    >
      <p className='updated'>
        Last updated: <ToComplete>date this notice is published</ToComplete>
      </p>
      <Contents entries={SECTIONS} />

      <h2 id='who'>Who we are</h2>
      <p>
        The controller of your personal data is <strong>Roots Allotments Ltd</strong>, a company registered in England
        and Wales (company number <ToComplete>company number</ToComplete>), whose registered office is at{' '}
        <ToComplete>registered address</ToComplete>. We are registered with the Information Commissioner’s Office
        (registration number <ToComplete>ICO registration number</ToComplete>).
      </p>
      <p>
        For anything about your data, including using your rights below, e-mail <Email /> or write to us at the
        registered office. We do not need a data protection officer; our privacy lead is{' '}
        <ToComplete>name or role</ToComplete>.
      </p>

      <h2 id='what'>What we collect, why, and for how long</h2>
      <p>
        We only collect what you give us in a form, what we need to run your plot or booking, and (with your permission)
        how the website is used. Each form below says what it collects. Where we rely on your <em>consent</em>, you can
        withdraw it at any time: it does not affect what we did before. Where we rely on a <em>contract</em>, we need
        the data to do what you asked; without it we cannot. Where we rely on our <em>legitimate interests</em>, we have
        weighed them against yours, and you may object.
      </p>
      <p>
        <ToComplete>
          confirm each retention period below, and schedule the deletions that do not yet happen by themselves
        </ToComplete>
      </p>

      <Kind
        id='waiting-list'
        title='Joining a waiting list'
        rows={[
          [
            'What',
            'Your first and last name, e-mail address, and optionally your phone number and postcode; the site or place, your preferred plot size and list category; when you joined, your place and the private reference we send you; the offers we make you and your answers.',
          ],
          [
            'Why',
            'To keep your place in the queue, offer you a plot when it is your turn, tell you where you stand and ask once a year whether you are still interested.',
          ],
          [
            'Lawful basis',
            'Steps you asked us to take before a contract (your plot membership), and our legitimate interest in running fair queues. Ticking the optional box for growing tips and news is consent to those e-mails (see newsletters below).',
          ],
          [
            'How long',
            'While you are on the list. Once a year we ask whether you are still interested; if you do not answer by the deadline, or you leave the list, you are taken off it and we delete your details within 12 months, unless you became a member.',
          ],
        ]}
      />
      <Kind
        id='pre-registration'
        title='Pre-registering for a site that is coming soon'
        rows={[
          [
            'What',
            'Your first and last name, e-mail address, optionally your phone number and postcode, and the site.',
          ],
          ['Why', 'To tell you first when the site opens and invite you to join its waiting list or become a member.'],
          ['Lawful basis', 'Steps you asked us to take before a contract; consent for the optional news e-mails.'],
          ['How long', 'Until the site opens and for 12 months after, or until you ask us to remove you.'],
        ]}
      />
      <Kind
        id='membership'
        title='Membership and your account'
        rows={[
          [
            'What',
            'Your name, e-mail address, phone number and postal address; your account sign-in (e-mail address and a password we store only as a one-way hash, or sign-in links); your site, plot, plan, start date, deposit, payments and any request to cancel with its reason; for staff, two-step sign-in details.',
          ],
          [
            'Why',
            'To provide your plot under the subscription agreement, take payments, contact you about your plot and site, and keep the accounts the law requires.',
          ],
          [
            'Lawful basis',
            <span key='basis'>
              Contract (the <Link href={paths.subscriptionAgreement.getHref()}>subscription agreement</Link>) and legal
              obligation (tax and accounting records).
            </span>,
          ],
          [
            'How long',
            'For the membership and 6 years after it ends (the records HMRC requires); your account until you close it, then 12 months.',
          ],
        ]}
      />
      <Kind
        id='inspections'
        title='Plot inspections'
        rows={[
          [
            'What',
            'When our staff inspect your plot: the date, a cultivation score from 0 to 5, their note and up to six photos of the plot; any written warning or notice that follows; and your replies. A photo of a plot can show people or belongings on it.',
          ],
          [
            'Why',
            'To keep every plot cultivated as the subscription agreement asks, to warn you in writing before anything else happens, and to show what was seen if an inspection is questioned.',
          ],
          [
            'Lawful basis',
            'Contract (the subscription agreement) and our legitimate interest in plots being worked while others wait for one.',
          ],
          [
            'How long',
            "Photos for 24 months after the inspection, then deleted automatically (a photo whose inspection was never sent, after 31 days). The date, score, note and outcome stay as the plot's record; if you ask us to erase your data, they are no longer linked to you.",
          ],
        ]}
      />
      <Kind
        id='bookings'
        title='Guided tours and welcome slots'
        rows={[
          [
            'What',
            'Your name, e-mail address, optionally your phone number, the tour or slot, how many people are coming and whether you are interested in becoming a member; the reference that lets you cancel.',
          ],
          [
            'Why',
            'To hold your place, remind you or tell you about changes, and follow up if you asked about membership.',
          ],
          ['Lawful basis', 'Contract (the booking you asked for).'],
          ['How long', '12 months after the tour or slot.'],
        ]}
      />
      <Kind
        id='orders'
        title='Gift vouchers, the shop and deposits'
        rows={[
          [
            'What',
            'Your e-mail address; for a gift voucher the recipient’s name and e-mail address and your message; what you bought, the voucher code and its use; payment records. Card details go straight to Stripe: we never see or store your card number.',
          ],
          [
            'Why',
            'To take payment, send your receipt, deliver the voucher to its recipient and honour it when it is used.',
          ],
          [
            'Lawful basis',
            'Contract, and legal obligation for accounting records. For the recipient of a gift: our legitimate interest in delivering the gift someone bought for them.',
          ],
          [
            'How long',
            'Orders and payments for 6 years (HMRC); a voucher recipient’s details until the voucher is used or expires, then 12 months.',
          ],
        ]}
      />
      <Kind
        id='careers'
        title='Job applications'
        rows={[
          ['What', 'Your name, e-mail address, a link to your CV and your message; our notes and the outcome.'],
          ['Why', 'To consider you for the role you applied for.'],
          [
            'Lawful basis',
            'Steps you asked us to take before an employment contract; legitimate interests in recruiting.',
          ],
          ['How long', '6 months after the role is filled, unless you agree that we keep it longer for future roles.'],
        ]}
      />
      <Kind
        id='newsletters'
        title='Newsletters and sowing reminders'
        rows={[
          [
            'What',
            'Your e-mail address, optionally your first name, the words you agreed to and when, and when you unsubscribed.',
          ],
          ['Why', 'To send the monthly sowing reminder, or growing tips and news, that you asked for.'],
          ['Lawful basis', 'Consent. Every e-mail has an unsubscribe link, or write to us.'],
          [
            'How long',
            'Until you unsubscribe; then we keep only your address on a do-not-contact list so we do not e-mail you again.',
          ],
        ]}
      />
      <Kind
        id='votes'
        title='Votes for a new site and offers of land'
        rows={[
          [
            'What',
            'For a vote: the town or area, your e-mail address and optionally your postcode. For an offer of land: your name or organisation, e-mail address, optionally your phone number, where the land is, its size and what you tell us about it.',
          ],
          [
            'Why',
            'To count one vote per person for each place and tell you if a site opens there; to consider the land and reply to you.',
          ],
          [
            'Lawful basis',
            'Legitimate interests in choosing where to open sites; for land, steps you asked us to take before a contract.',
          ],
          [
            'How long',
            'Votes for 3 years; offers of land for 2 years after our last contact, or for the lease and 6 years after if we agree one.',
          ],
        ]}
      />

      <h2 id='everyone'>Everyone who visits</h2>
      <ul>
        <li>
          <strong>Necessary storage</strong>: your cookie choices, your sign-in, and a few settings the site needs to
          work. See the <Link href={paths.cookies.getHref()}>cookie policy</Link> for each one.
        </li>
        <li>
          <strong>Analytics</strong>, only if you allow analytics cookies: the pages you visit and the events you
          trigger, with a random identifier, through PostHog. Consent; you can withdraw it in Cookie settings at the
          foot of every page.
        </li>
        <li>
          <strong>Error reports</strong>: when the site breaks, a report of what failed, the page, your browser and
          device type goes to Sentry so we can fix it. Legitimate interests in a working, secure site; reports are kept
          for 90 days.
        </li>
        <li>
          <strong>Chat and offers pop-up</strong>, only if you allow it: its provider may set cookies of its own.
        </li>
        <li>
          <strong>Maps</strong>: a site page may embed a Google map, which Google loads from its own servers under its
          own privacy policy.
        </li>
        <li>
          <strong>Server logs</strong>: our hosting records requests (address, time, page) for security, kept for up to
          90 days.
        </li>
      </ul>

      <h2 id='processors'>Who processes your data for us</h2>
      <p>
        These companies process personal data on our behalf, under contracts that bind them to our instructions and to
        keep it safe:
      </p>
      <ul>
        <li>
          <strong>Supabase</strong> — hosts our database, sign-in and server functions (region{' '}
          <ToComplete>hosting region</ToComplete>).
        </li>
        <li>
          <strong>Stripe</strong> — takes card payments, deposits and refunds. Stripe is also a controller of payment
          data for fraud prevention and its legal duties.
        </li>
        <li>
          <strong>Our e-mail provider</strong> (<ToComplete>provider name, e.g. Resend</ToComplete>) — sends
          confirmations, offers, receipts and reminders.
        </li>
        <li>
          <strong>ActiveCampaign</strong> — keeps the waiting-list and newsletter contact lists we e-mail from.
        </li>
        <li>
          <strong>PostHog</strong> — website analytics, only with your consent.
        </li>
        <li>
          <strong>Sentry</strong> — error reports.
        </li>
      </ul>
      <p>
        We never sell your data. We share it otherwise only where the law requires (for example with HMRC), or to
        protect someone’s safety.
      </p>

      <h2 id='transfers'>Transfers outside the UK</h2>
      <p>
        Some of these providers store or reach data from outside the UK, including in the EU and the USA (for example
        Stripe, ActiveCampaign, PostHog and Sentry). Where they do, the transfer is covered by UK adequacy regulations
        (the EU, and US companies certified under the UK Extension to the EU–US Data Privacy Framework) or by the ICO’s
        International Data Transfer Agreement or Addendum to the EU standard contractual clauses. Ask us for a copy of
        the safeguards that apply. <ToComplete>confirm each provider’s region and safeguard</ToComplete>
      </p>

      <h2 id='rights'>Your rights</h2>
      <p>Under UK GDPR you have the right to:</p>
      <ul>
        <li>
          <strong>access</strong> the personal data we hold about you and get a copy;
        </li>
        <li>
          <strong>rectification</strong> of anything inaccurate or incomplete;
        </li>
        <li>
          <strong>erasure</strong> of your data where we no longer need it or you withdraw consent;
        </li>
        <li>
          <strong>restrict</strong> how we use it while a concern is looked into;
        </li>
        <li>
          <strong>object</strong> to uses based on our legitimate interests, and always to direct marketing;
        </li>
        <li>
          <strong>data portability</strong>: your data in a common format, for what you gave us under a contract or
          consent;
        </li>
        <li>
          <strong>withdraw consent</strong> at any time, as easily as you gave it;
        </li>
        <li>
          not be subject to decisions made solely by automated means that significantly affect you (we make none: the
          queue runs in the order people joined, and staff make the offers).
        </li>
      </ul>
      <p>
        <strong>How to use them:</strong> e-mail <Email /> or write to our registered office, saying which right and, so
        we can find you, the e-mail address you used (and your queue reference if you have one). You can also leave a
        waiting list or update your details from <Link href={paths.queueReady.getHref()}>your place in the queue</Link>,
        unsubscribe from any e-mail, and change your cookie choices in Cookie settings. It is free. We answer within one
        month (up to three more for complex requests, and we will tell you), and we may ask you to prove who you are.
      </p>
      <p>
        <strong>Online:</strong> on <Link href={paths.yourData.getHref()}>your data</Link>, reached from the link in
        your waiting-list e-mail or from your member’s page once signed in, you can download everything we hold about
        you (as JSON or a spreadsheet file) and ask us to erase it. Erasure withdraws your places on waiting lists; we
        keep only anonymised figures and, for 6 years as HMRC requires, payment records without your name or contact
        details.
      </p>

      <h2 id='complaints'>Complaints</h2>
      <p>
        Please tell us first at <Email /> and we will try to put it right. You also have the right to complain to the
        Information Commissioner’s Office, the UK’s data protection regulator:{' '}
        <a href='https://ico.org.uk/make-a-complaint/'>ico.org.uk/make-a-complaint</a>, 0303 123 1113, or ICO, Wycliffe
        House, Water Lane, Wilmslow, Cheshire SK9 5AF.
      </p>

      <h2 id='changes'>Changes to this notice</h2>
      <p>
        When we change how we use your data we update this page and its date, and if the change matters to you we tell
        you by e-mail before it takes effect.
      </p>
    </LegalPage>
  )
}
