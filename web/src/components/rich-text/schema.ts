// The editor's document schema: prosemirror-schema-basic with lists, where links and images
// only accept what the rich-text rules allow, also when pasted as HTML.
import { type MarkSpec, type NodeSpec, Schema } from 'prosemirror-model'
import { marks as basicMarks, nodes as basicNodes } from 'prosemirror-schema-basic'
import { addListNodes } from 'prosemirror-schema-list'
import { safeImageSrc, safeLinkHref } from '@/lib/rich-text/rules'

const link: MarkSpec = {
  ...basicMarks.link,
  parseDOM: [{
    tag: 'a[href]',
    getAttrs(dom) {
      const href = safeLinkHref((dom as HTMLElement).getAttribute('href'))
      return href ? { href, title: (dom as HTMLElement).getAttribute('title') } : false
    },
  }],
}

const image: NodeSpec = {
  ...basicNodes.image,
  parseDOM: [{
    tag: 'img[src]',
    getAttrs(dom) {
      const src = safeImageSrc((dom as HTMLElement).getAttribute('src'))
      return src
        ? {
          src,
          alt: (dom as HTMLElement).getAttribute('alt') ?? '',
          title: (dom as HTMLElement).getAttribute('title'),
        }
        : false
    },
  }],
}

const base = new Schema({ nodes: { ...basicNodes, image }, marks: { ...basicMarks, link } })

export const richTextSchema = new Schema({
  nodes: addListNodes(base.spec.nodes, 'paragraph block*', 'block'),
  marks: base.spec.marks,
})
