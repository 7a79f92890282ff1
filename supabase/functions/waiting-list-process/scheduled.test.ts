// Scheduled work, end to end: pg_cron runs the jobs of 20250101000900_scheduled_work.sql by
// itself, the SQL jobs change the data, and the outbox job reaches the functions through
// net.http_post (the stack's pg_net worker) with the service key from Vault. No API call starts
// any of it. Test stacks pause the jobs; this test turns them on and off again.
import assert from 'node:assert/strict'
import { sql, test } from '../_shared/testing.ts'

const JOBS = [
  'drain-notification-outboxes',
  'expire-plot-offers',
  'remove-unconfirmed',
  'yearly-reconfirmation',
]

async function setJobsActive(active: boolean) {
  await sql()`select cron.alter_job(jobid, active := ${active}) from cron.job where jobname = any (${JOBS})`
}

/** Polls until `check` holds (pg_cron ticks once a minute), at most `ms`. */
async function eventually<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  ms = 150_000,
): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const v = await check()
    if (v) return v
    if (Date.now() > until) throw new Error(`not within ${ms / 1000} s: ${what}`)
    await new Promise((r) => setTimeout(r, 1000))
  }
}

const offerMails = async (email: string) =>
  Number(
    (await sql()`select count(*) from private.provider_calls
    where provider = 'email' and request ->> 'to' = ${email} and request ->> 'tag' = 'plot-offer'`)[
      0
    ].count,
  )

test('the schedules are in cron.job, owned by postgres, running the documented commands', async () => {
  const jobs =
    await sql()`select jobname, schedule, command, username from cron.job where jobname = any (${JOBS}) order by jobname`
  assert.deepEqual(jobs.map((j) => [j.jobname, j.schedule, j.username]), [
    ['drain-notification-outboxes', '* * * * *', 'postgres'],
    ['expire-plot-offers', '* * * * *', 'postgres'],
    ['remove-unconfirmed', '0 4 * * *', 'postgres'],
    ['yearly-reconfirmation', '30 3 * * *', 'postgres'],
  ])
  assert.match(jobs[1].command, /private\.run_offer_expiry\(\)/)
})

test('an offer past its deadline expires within a tick, and the next applicant is e-mailed once', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  const [site] =
    await sql()`insert into public.global_sites (city, city_slug, location, slug, status)
    values ('Cronton', 'cronton', ${'Cron ' + tag}, ${'cron-' + tag}, 'open') returning id`
  const emails = [0, 1].map((i) => `c${i}.${tag}@example.com`)
  for (const [i, email] of emails.entries()) {
    await sql()`insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
      values (${site.id}, ${'Cron ' + tag}, ${
      'C' + i
    }, 'Cron', ${email}, true, now() - make_interval(days => ${30 - i}))`
  }
  // The first applicant was offered a plot and told; the deadline has now passed.
  const [offer] = await sql().begin(async (tx) => {
    await tx`set local role service_role`
    await tx`select set_config('request.jwt.claims', '{"role": "service_role"}', true)`
    return await tx`select id from public.make_plot_offers(${site.id}, 1)`
  })
  await sql()`insert into private.notification_outbox (kind, offer_id, sent_at) values ('plot_offer', ${offer.id}, now())`
  await sql()`update public.plot_offers set offered_at = now() - interval '8 days', respond_by = now() - interval '1 minute' where id = ${offer.id}`

  await setJobsActive(true)
  try {
    const next = await eventually('the offer expired and passed on', async () => {
      const [o] = await sql()`select status from public.plot_offers where id = ${offer.id}`
      if (o.status !== 'expired') return null
      const [n] =
        await sql()`select o.id from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
        where e.email = ${emails[1]} and o.status = 'offered'`
      return n
    })
    assert.ok(next.id, 'the second applicant holds an offer')
    // In the same minute: the expiry asked for the e-mail as it committed (it no longer waits
    // for the outbox job's next tick, a minute later).
    await eventually(
      'the second applicant got the offer e-mail',
      async () => (await offerMails(emails[1])) === 1,
    )
    // The request went through pg_net's interface and was answered by the function.
    const [answer] =
      await sql()`select r.status_code from net._http_response r order by r.created desc limit 1`
    assert.equal(answer.status_code, 200)
    // Another tick of the outbox job sends nothing more. The tick is the job's own command, run
    // here as the job's user rather than waited for: pg_cron has already run both jobs above,
    // and waiting for its next minute cost the suite up to a minute of doing nothing.
    await setJobsActive(false)
    const [job] =
      await sql()`select command, username from cron.job where jobname = 'drain-notification-outboxes'`
    await sql().begin(async (tx) => {
      await tx.unsafe(`set local role ${job.username}`)
      await tx.unsafe(job.command)
    })
    await eventually(
      'its requests were answered',
      async () => Number((await sql()`select count(*) from net.http_request_queue`)[0].count) === 0,
      30_000,
    )
    assert.equal(await offerMails(emails[1]), 1, 'told exactly once')
    assert.equal(
      await offerMails(emails[0]),
      0,
      'the first applicant was not mailed again by the scheduler',
    )
  } finally {
    await setJobsActive(false)
  }
})

test('overlapping drains queue one request and send each offer mail once', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  const [site] =
    await sql()`insert into public.global_sites (city, city_slug, location, slug, status)
    values ('Cronton', 'cronton', ${'Overlap ' + tag}, ${'overlap-' + tag}, 'open') returning id`
  const email = `o.${tag}@example.com`
  await sql()`insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
    values (${site.id}, ${
    'Overlap ' + tag
  }, 'O', 'Lap', ${email}, true, now() - interval '10 days')`
  await sql().begin(async (tx) => {
    await tx`set local role service_role`
    await tx`select set_config('request.jwt.claims', '{"role": "service_role"}', true)`
    await tx`select id from public.make_plot_offers(${site.id}, 1)`
  })
  // Two ticks at once, each in its own session, before the worker sends anything.
  const a = await sql().reserve()
  const b = await sql().reserve()
  try {
    await a`begin`
    await b`begin`
    const [ra] = await a`select private.drain_notification_outboxes() as n`
    const second = b`select private.drain_notification_outboxes() as n`
    await a`commit`
    const [rb] = await second
    await b`commit`
    assert.equal(Number(ra.n), 1, 'the first tick queued a request')
    // The second tick waited for the first; it queues again only if the worker already took
    // the first request, so the queue never holds the same request twice.
    assert.ok(Number(rb.n) <= 1)
  } finally {
    a.release()
    b.release()
  }
  await eventually('the offer e-mail was sent', async () => (await offerMails(email)) >= 1, 30_000)
  // Even two requests reaching the function at once claim each offer once.
  await Promise.all(
    [0, 1].map(() =>
      sql()`select private.post_to_function('waiting-list-process', ${
        sql().json({ action: 'notify', site_id: Number(site.id) })
      })`
    ),
  )
  await eventually('both requests were answered', async () => {
    const [q] = await sql()`select count(*) from net.http_request_queue`
    return Number(q.count) === 0
  }, 30_000)
  assert.equal(await offerMails(email), 1, 'told exactly once')
})

test("the scheduler reaches a function only with Vault's key, and the private helpers are not callable from the API", async () => {
  for (const role of ['anon', 'authenticated', 'service_role']) {
    const [r] =
      await sql()`select has_function_privilege(${role}, 'private.post_to_function(text, jsonb)', 'execute') as can`
    assert.equal(r.can, false, `${role} cannot queue requests with the service key`)
  }
})
