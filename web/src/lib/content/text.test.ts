import { describe, expect, it } from 'vitest'
import { clockTime, plainText, shortDate, ukDay } from './text'

const doc = {
  type: 'doc',
  content: [
    { type: 'heading', content: [{ type: 'text', text: 'Start small' }] },
    {
      type: 'paragraph',
      content: [{ type: 'text', text: 'Salad, ' }, {
        type: 'text',
        text: 'beans',
        marks: [{ type: 'strong' }],
      }, { type: 'text', text: ' and courgettes.' }],
    },
  ],
}

describe('content text', () => {
  it('takes the plain text of a document, blocks apart', () => {
    expect(plainText(doc)).toBe('Start small Salad, beans and courgettes.')
    expect(plainText(null)).toBe('')
    expect(plainText({ type: 'doc' })).toBe('')
  })

  it('cuts long text at a word with an ellipsis', () => {
    expect(plainText(doc, 20)).toBe('Start small Salad…')
  })

  it('shows dates and times as in the UK', () => {
    expect(shortDate('2025-03-03T10:00:00Z')).toBe('3 March 2025')
    expect(clockTime('2025-07-01T09:00:00Z')).toBe('10:00') // BST
    expect(ukDay('2025-07-01T23:30:00Z')).toBe('2025-07-02')
  })
})
