import { PANEL_STATUS_ID } from '../ui/panel-classes.ts'

/**
 * The mark the page's early script ({@link EARLY_PRESS_SCRIPT}) puts on the drawn panel's button that
 * was pressed before the widget's boot had run; the boot reads it (voice-demo-element.ts). Preact's
 * takeover drops it with the rest of what it does not render.
 */
export const PRESSED_ATTRIBUTE = 'data-pressed'

/**
 * The inline script a page carries with the panel drawn in its HTML (declarative-panel.ts), allowed
 * by its hash like the panel's stylesheet. The drawn buttons are there at the first paint, long
 * before widget.mjs: a click on one, or Enter or Space on a focused one (a click too), would find no
 * script to hear it. This one hears it (a click is composed: its path names the button inside the
 * open shadow root), marks the button for the boot, which keeps it like a click made before the rest
 * of the widget arrived and acts on it then, and shows the press as the widget does: "Test in
 * Browser" turns to "Connecting...", disabled, with the status line's announcement; "Call Me" says
 * the form is on its way. A button that is off (the status line says why) is left alone, as the widget
 * does nothing with it. The first press is the one kept; the listener goes then, or at the first click
 * once the element is defined (the boot keeps clicks from there). Its bytes are the page's, in its
 * head: marked pure, so the boot, which imports this module for the mark alone, carries none of them.
 */
export const EARLY_PRESS_SCRIPT = /* @__PURE__ */ earlyPressScript('voice-demo')

/** {@link EARLY_PRESS_SCRIPT} for the element named `tag`; tests name a tag of their own. */
export function earlyPressScript(tag: string): string {
  return (
    'addEventListener("click",function k(e){' +
    `if(customElements.get("${tag}"))return removeEventListener("click",k,!0);` +
    'var b=e.composedPath().find(n=>n.localName=="button"),r=b&&b.getRootNode(),h=r&&r.host,p,s;' +
    `if(!h||h.localName!="${tag}"||b.hasAttribute("aria-disabled"))return;` +
    'removeEventListener("click",k,!0);' +
    `b.setAttribute("${PRESSED_ATTRIBUTE}","");` +
    'p=b.hasAttribute("aria-haspopup");' +
    'p||(b.disabled=!0,b.lastChild.data="Connecting...");' +
    `s=r.getElementById("${PANEL_STATUS_ID}");` +
    's.firstChild||(s.textContent=p?"Opening the call form…":"Connecting to your AI assistant…")' +
    '},!0)'
  )
}
