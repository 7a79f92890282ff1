// Toolbar presets: minimal, essential, full.
export type ToolId =
  | 'paragraph'
  | 'heading2'
  | 'heading3'
  | 'bold'
  | 'italic'
  | 'code'
  | 'link'
  | 'bulletList'
  | 'orderedList'
  | 'blockquote'
  | 'horizontalRule'
  | 'image'
  | 'undo'
  | 'redo'

export type ToolbarPreset = 'minimal' | 'essential' | 'full'

export const TOOLBAR_PRESETS: Record<ToolbarPreset, readonly ToolId[]> = {
  minimal: ['bold', 'italic', 'link'],
  essential: ['bold', 'italic', 'link', 'bulletList', 'orderedList', 'undo', 'redo'],
  full: [
    'paragraph',
    'heading2',
    'heading3',
    'bold',
    'italic',
    'code',
    'link',
    'bulletList',
    'orderedList',
    'blockquote',
    'horizontalRule',
    'image',
    'undo',
    'redo',
  ],
}

export const TOOL_LABELS: Record<ToolId, { label: string; glyph: string }> = {
  paragraph: { label: 'Paragraph', glyph: '¶' },
  heading2: { label: 'Heading', glyph: 'H2' },
  heading3: { label: 'Subheading', glyph: 'H3' },
  bold: { label: 'Bold', glyph: 'B' },
  italic: { label: 'Italic', glyph: 'I' },
  code: { label: 'Code', glyph: '</>' },
  link: { label: 'Link', glyph: '🔗' },
  bulletList: { label: 'Bulleted list', glyph: '•' },
  orderedList: { label: 'Numbered list', glyph: '1.' },
  blockquote: { label: 'Quote', glyph: '❝' },
  horizontalRule: { label: 'Divider', glyph: '―' },
  image: { label: 'Image', glyph: '🖼' },
  undo: { label: 'Undo', glyph: '↶' },
  redo: { label: 'Redo', glyph: '↷' },
}
