import { listedAppScripts, preloadScripts } from './app-scripts.ts';

/**
 * What the landing page runs instead of the app. `/` is sent as HTML rendered at build time
 * (landing.html) whose links are plain links, so reading the page or leaving it needs none of the
 * app's JavaScript (react-dom and react-router alone are 86 KB compressed). A signed-in visitor
 * never gets the page: the server redirects them to their home (plugins/web-app.ts). What is left
 * for a script: the app's code is fetched as soon as the visitor shows where they are going (a
 * pointer over a link, a touch, a focus), so the sign-in or sign-up page then opens from the cache.
 */

/** The app's scripts listed in the page are preloaded once, on the first sign of leaving. */
export function preloadAppOnIntent(document: Document): void {
  const scripts = listedAppScripts(document);
  if (scripts.length === 0) return;
  const intents = ['pointerover', 'touchstart', 'focusin'] as const;
  const preload = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('a[href]')) return;
    for (const intent of intents) document.removeEventListener(intent, preload, { capture: true });
    preloadScripts(document, scripts);
  };
  for (const intent of intents) document.addEventListener(intent, preload, { capture: true, passive: true });
}
