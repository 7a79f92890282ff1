// The editor behind React.lazy: ProseMirror is downloaded only by screens that edit rich text.
import { lazy, Suspense } from 'react'
import type { RichTextEditorProps } from './RichTextEditor'

const Editor = lazy(() => import('./RichTextEditor'))

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<p role='status'>Loading the editor…</p>}>
      <Editor {...props} />
    </Suspense>
  )
}
