import type { ReactNode } from 'react'

export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <main id='main' tabIndex={-1}>
      {children}
    </main>
  )
}
