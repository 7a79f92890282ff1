// The layouts of spec §2. Two shapes exist so far: the default page chrome and a blank page.
// Every named layout maps to one of them until its page needs something of its own.
import type { ComponentType, ReactNode } from 'react'
import { BlankLayout } from './BlankLayout'
import { DefaultLayout } from './DefaultLayout'

export type LayoutName =
  | 'default' | 'landing' | 'admin' | 'admin-desktop' | 'checkout' | 'blank' | 'nofooter' | 'white' | 'site'
  | 'pre-register' | 'preregform'

export const layouts: Record<LayoutName, ComponentType<{ children: ReactNode }>> = {
  default: DefaultLayout,
  landing: DefaultLayout,
  site: DefaultLayout,
  white: DefaultLayout,
  nofooter: DefaultLayout,
  checkout: DefaultLayout,
  'pre-register': DefaultLayout,
  preregform: DefaultLayout,
  admin: BlankLayout,
  'admin-desktop': BlankLayout,
  blank: BlankLayout,
}
