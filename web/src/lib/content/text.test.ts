import { describe, expect, it } from 'vitest'
import { plainText } from './text'

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
})
