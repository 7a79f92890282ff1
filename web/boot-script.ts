// The one inline script of every page: it starts the app after the first paint, and keeps a tap
// on a button made before then for the app to replay. A server-rendered
// page is readable without the app, and with the app's code requested alongside it, the first
// paint waited on it wherever the code came quickly (a repeat visit, the code cached: evaluating
// it held the page back for as long as that took on a slow phone) and Lighthouse's model counted
// its download against the first and largest paints. So the HTML requests no script: once the
// browser has painted (a server-rendered page, data-after="contentful-paint": once its content has
// painted, not just its background; at once in a tab that is not shown, where nothing is painted;
// at the latest after 5 s), this script preloads the app's modules, runs the runtime config and
// then the entry. Its text is fixed,
// whatever the build: what varies (the entry, the modules to preload, the config's address) comes
// from its data attributes, so the Content-Security-Policy allows exactly this script by its hash
// (BOOT_SCRIPT_HASH, web server) and no other inline script. Imported by the build
// (web/vite/boot-after-paint.ts) and by the web server (web/server/server.ts).
import { createHash } from 'node:crypto'

export const BOOT_SCRIPT_ID = 'roots-boot'

export const BOOT_SCRIPT =
  `(function(){var s=document.currentScript,d=document,w=window,started=false;` +
  // Until the app runs, a page's buttons do nothing: the last one tapped is kept for the app to
  // press once it has hydrated (web/src/app/early-tap.ts). Links and a form's submit button work
  // without it and are left alone.
  `var taps=w.__rootsTaps=function(e){var b=e.target&&e.target.closest&&e.target.closest('button');` +
  `if(b&&(b.type==='button'||!b.form))w.__rootsTap=b};d.addEventListener('click',taps,true);` +
  `function el(tag,props){var e=d.createElement(tag);for(var k in props)e[k]=props[k];d.head.appendChild(e);return e}` +
  `function boot(){if(started)return;started=true;var m=(s.dataset.entry+' '+(s.dataset.preload||'')).split(' ');` +
  `for(var i=0;i<m.length;i++)if(m[i])el('link',{rel:'modulepreload',href:m[i],crossOrigin:'anonymous'});` +
  `var c=el('script',{src:s.dataset.config});` +
  `c.onload=c.onerror=function(){el('script',{type:'module',src:s.dataset.entry,crossOrigin:'anonymous'})}}` +
  `function afterFrame(){requestAnimationFrame(function(){setTimeout(boot,0)})}` +
  `var types=w.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];` +
  `if(d.visibilityState==='hidden'){boot()}` +
  `else if(s.dataset.after==='contentful-paint'&&types.indexOf('paint')>=0){` +
  `new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)afterFrame()}).observe({type:'paint',buffered:true});` +
  `setTimeout(boot,5000)}` +
  `else{afterFrame()}})()`

/** The CSP source that allows BOOT_SCRIPT (and nothing else inline). */
export const BOOT_SCRIPT_HASH = `'sha256-${
  createHash('sha256').update(BOOT_SCRIPT).digest('base64')
}'`

/** The script element: the app's entry, the modules it imports at once (preloaded with it), the
 *  runtime config. */
export const bootScriptTag = (entry: string, preload: readonly string[], config = '/config.js') =>
  `<script id="${BOOT_SCRIPT_ID}" data-config="${config}" data-entry="${entry}" data-preload="${
    preload.join(' ')
  }">${BOOT_SCRIPT}</script>`

/** The scripts a built page's boot script loads (entry first), read from its HTML. */
export function bootScripts(html: string): string[] {
  const tag = new RegExp(`<script id="${BOOT_SCRIPT_ID}"([^>]*)>`).exec(html)?.[1] ?? ''
  const attr = (name: string) => new RegExp(`\\sdata-${name}="([^"]*)"`).exec(tag)?.[1] ?? ''
  return [attr('entry'), ...attr('preload').split(' ')].filter(Boolean)
}
