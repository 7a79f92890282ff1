// Global CSS: the `roots` theme's custom properties, base typography, focus and motion.
import { glob } from 'goober'
import { ANIMATION, colours, THEME_NAME } from '@/config/theme'

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
    *, *::before, *::after { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; scroll-padding-bottom: var(--roots-promo-height, 0px); }
    body {
      margin: 0; min-width: 320px; background: var(--roots-background); color: var(--roots-text);
      font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
      font-size: 1rem; line-height: 1.55;
    }
    a { color: var(--roots-primary); }
    img { max-width: 100%; height: auto; }
    :focus-visible { outline: 3px solid var(--roots-focus); outline-offset: 2px; }
    [tabindex='-1']:focus { outline: none; }
    h1, h2, h3 { line-height: 1.2; }
    @keyframes roots-modal-in { from { opacity: 0; transform: translateY(0.75rem); } to { opacity: 1; transform: none; } }
    @keyframes roots-slide-up { from { opacity: 0; transform: translateY(100%); } to { opacity: 1; transform: none; } }
    @media (prefers-reduced-motion: reduce) {
      *, *::before, *::after { animation-duration: 1ms !important; transition-duration: 1ms !important; scroll-behavior: auto !important; }
    }
  `
}
