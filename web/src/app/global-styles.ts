// Global CSS: the `roots` theme's custom properties, from config/theme.ts. The static rules (base
// typography, focus and motion) are in global.css, which the build ships as a stylesheet.
import { glob } from 'goober'
import { ANIMATION, colours, THEME_NAME } from '@/config/theme'
import './global.css'

export function installGlobalStyles() {
  glob`
    [data-theme='${THEME_NAME}'] {
      --roots-primary: ${colours.primary};
      --roots-primary-hover: ${colours.primaryHover};
      --roots-text: ${colours.text};
      --roots-muted: ${colours.muted};
      --roots-surface: ${colours.surface};
      --roots-background: ${colours.background};
      --roots-border: ${colours.border};
      --roots-focus: ${colours.focus};
      --roots-error: ${colours.error};
      --roots-warning: ${colours.warning};
      --roots-info: ${colours.info};
      --roots-animation: ${ANIMATION};
    }
  `
}
