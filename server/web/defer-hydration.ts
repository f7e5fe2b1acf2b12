/**
 * Public pages are complete without JavaScript, so their hydration waits until the page has
 * loaded: on a slow phone network the 140 KiB of React and React Router would otherwise share
 * the line with the stylesheet and the first banner. See docs/decisions/0007.
 *
 * React Router renders one module script (its imports start every download) and a
 * modulepreload link per chunk. The links are dropped and the module script becomes a classic
 * script that adds it back on `load`, or at the visitor's first tap or key press if sooner.
 */

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;
const MODULE_SCRIPT = /<script(?: nonce="([^"]*)")? type="module" async="">([\s\S]*?)<\/script>/;

/** Runs in the page: `code` is React Router's module script, `nonce` the page's CSP nonce. */
const LOADER = `(function(code,nonce){var started=false;function hydrate(){if(started)return;started=true;var s=document.createElement("script");s.type="module";s.nonce=nonce;s.textContent=code;document.head.appendChild(s)}if(document.readyState==="complete")hydrate();else{addEventListener("load",hydrate,{once:true});["pointerdown","keydown","touchstart"].forEach(function(t){addEventListener(t,hydrate,{once:true,passive:true})})}})`;

/** A JavaScript string literal that is safe inside an HTML script element. */
function scriptSafeString(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface DeferredPage {
  html: string;
  /** The module script's code, which the loader inserts as an inline script (a CSP hash must allow it); null if none. */
  insertedScript: string | null;
}

/** The page with its hydration deferred; a page without React Router's module script is returned unchanged. */
export function deferHydration(html: string): DeferredPage {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return { html, insertedScript: null };
  const [whole, nonce, code] = script;
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
  const loader = `<script${nonceAttribute}>${LOADER}(${scriptSafeString(code)},document.currentScript.nonce)</script>`;
  return { html: html.replace(MODULE_PRELOAD, '').replace(whole, () => loader), insertedScript: code };
}
