// Design constants: the theme attribute, the default animation and the lazy-load
// margin. CSS reads the same values through custom properties set in app/global-styles.ts.
export const THEME_NAME = 'roots'
export const ANIMATION_DURATION_MS = 250
export const ANIMATION_EASING = 'ease-in-out'
export const ANIMATION = `${ANIMATION_DURATION_MS}ms ${ANIMATION_EASING}`
export const LAZY_LOAD_MARGIN = '50px'
export const TOAST_DURATION_MS = 3000

export const colours = {
  /** Deep leaf green on white: 8.9:1. */
  primary: '#1d5b32',
  primaryHover: '#154425',
  text: '#1c2420',
  muted: '#4a5550',
  surface: '#ffffff',
  background: '#f6f4ee',
  border: '#7a857f',
  focus: '#b35c00',
  error: '#a3231b',
  warning: '#8a5300',
  info: '#1f4f8f',
  success: '#1d5b32',
} as const

export function applyTheme(doc: Document = document): void {
  doc.documentElement.setAttribute('data-theme', THEME_NAME)
}
