import { describe, expect, it } from 'vitest'
import { emptyTemplate, plainText, templateSchema, unknownMergeFields } from './template-schema'

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
})

describe('templateSchema', () => {
  it('an e-mail needs a name, subject and body', () => {
    const r = templateSchema.safeParse(emptyTemplate())
    expect(r.success).toBe(false)
    const errs = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(errs).toMatchObject({
      name: 'Give the template a name.',
      subject: 'Give the e-mail a subject.',
      body: 'Write the message.',
    })
  })
  it('keeps the rich body and a plain-text copy for e-mail', () => {
    const r = templateSchema.parse({
      ...emptyTemplate(),
      name: 'Offer',
      subject: 'Hello {{first_name}}',
      body: doc('Your place at {{site}}'),
    })
    expect(r).toMatchObject({
      channel: 'email',
      subject: 'Hello {{first_name}}',
      body_text: 'Your place at {{site}}',
    })
    expect(r.body).toEqual(doc('Your place at {{site}}'))
  })
  it('a text message needs its text, at most 612 characters, and drops subject and rich body', () => {
    expect(templateSchema.safeParse({ ...emptyTemplate(), name: 'SMS', channel: 'sms' }).success)
      .toBe(false)
    expect(
      templateSchema.safeParse({
        ...emptyTemplate(),
        name: 'SMS',
        channel: 'sms',
        body_text: 'x'.repeat(613),
      }).success,
    ).toBe(false)
    expect(
      templateSchema.parse({
        ...emptyTemplate(),
        name: 'SMS',
        channel: 'sms',
        subject: 'ignored',
        body_text: 'Hi {{first_name}}',
      }),
    )
      .toMatchObject({
        subject: null,
        body_text: 'Hi {{first_name}}',
        body: { type: 'doc', content: [] },
      })
  })
  it('unknown merge fields are named', () => {
    expect(unknownMergeFields('{{first_name}} {{ nickname }} {{site}} {{nickname}}')).toEqual([
      'nickname',
    ])
    const r = templateSchema.safeParse({
      ...emptyTemplate(),
      name: 'X',
      subject: 'Hi {{firstname}}',
      body: doc('x'),
    })
    expect(r.error!.issues[0]!.message).toBe('Unknown merge field: {{firstname}}.')
  })
  it('plainText joins paragraphs with new lines', () => {
    expect(plainText({ type: 'doc', content: [doc('a').content[0]!, doc('b').content[0]!] })).toBe(
      'a\nb',
    )
    expect(plainText(null)).toBe('')
  })
})
