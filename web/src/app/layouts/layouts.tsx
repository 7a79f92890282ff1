// The page layouts. The public ones are here, in the first load: the default page chrome
// and a blank page so far, every named public layout mapping to one of them until its page
// needs something of its own. The two admin layouts ('admin', 'admin-desktop') are real and
// distinct, and live with the admin area in its lazy chunk (admin/AdminLayout.tsx; which path
// uses which: admin/admin-layouts.ts), so public pages cannot pick them.
import type { ComponentType, ReactNode } from 'react'
import { BlankLayout } from './BlankLayout'
import { DefaultLayout } from './DefaultLayout'

export type LayoutName =
  | 'default'
  | 'landing'
  | 'admin'
  | 'admin-desktop'
  | 'checkout'
  | 'blank'
  | 'nofooter'
  | 'white'
  | 'site'
  | 'pre-register'
  | 'preregform'

export type PublicLayoutName = Exclude<LayoutName, 'admin' | 'admin-desktop'>

export const layouts: Record<PublicLayoutName, ComponentType<{ children: ReactNode }>> = {
  default: DefaultLayout,
  landing: DefaultLayout,
  site: DefaultLayout,
  white: DefaultLayout,
  nofooter: DefaultLayout,
  checkout: DefaultLayout,
  'pre-register': DefaultLayout,
  preregform: DefaultLayout,
  blank: BlankLayout,
}
