/**
 * The server's HTML is the whole first screen; the scripts only hydrate it. Left as Remix writes them, the
 * module preloads and the module script start downloading with the stylesheet and compete with it, the fonts
 * and the first image for a slow connection, and the browser may compile them before it paints. This pass
 * makes them inert in the document (`rel="x-deferred-modulepreload"`, `type="text/x-deferred-module"`) and adds
 * one small inline script that, once the first contentful paint is on screen, restores them as they were: the preloads
 * first, then the module script with its nonce. Hydration follows as before. See
 * docs/decisions/023-scripts-after-first-paint.md.
 */
export const DEFERRED_PRELOAD_REL = "x-deferred-modulepreload";
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/**
 * Runs in the browser at the end of <body>; plain ES5 with no dependencies, so it needs no build step. It waits
 * for the first contentful paint (the Paint Timing entry, reported once the frame is on screen); where that
 * entry type is unknown it waits for the next frame instead, and it never waits longer than three seconds. A
 * page opened in a background tab loads its scripts at once.
 */
export const RESTORE_SCRIPTS = `(function(){var d=document,done=false;function go(){if(done)return;done=true;d.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(o){var l=d.createElement("link");l.rel="modulepreload";l.href=o.getAttribute("href");d.head.appendChild(l)});d.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]').forEach(function(o){var s=d.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;o.replaceWith(s)})}if(d.visibilityState!=="visible")return go();setTimeout(go,3000);var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(go,0)}}).observe({type:"paint",buffered:true})}else requestAnimationFrame(function(){setTimeout(go,0)})})();`;

export function deferScripts(response: Response, nonce: string): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.setAttribute("rel", DEFERRED_PRELOAD_REL);
      },
    })
    .on('script[type="module"]', {
      element(script) {
        script.setAttribute("type", DEFERRED_MODULE_TYPE);
      },
    })
    .on("body", {
      element(body) {
        body.append(`<script nonce="${nonce}">${RESTORE_SCRIPTS}</script>`, { html: true });
      },
    })
    .transform(response);
}
