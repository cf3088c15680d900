/**
 * The app's scripts as a page sent rendered lists them: the build writes them into
 * `<script type="application/json" id="app-scripts">`, the app's entry first (apps/web/prerender-pages.ts).
 * Such a page loads none of them itself; its own small script decides when.
 */
export function listedAppScripts(document: Document): string[] {
  const listed = document.getElementById('app-scripts')?.textContent;
  return listed ? (JSON.parse(listed) as string[]) : [];
}

/** Fetches and parses scripts without running them; running the entry later takes them from the cache. */
export function preloadScripts(document: Document, hrefs: string[]): void {
  const links = document.createDocumentFragment();
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
}

export type PaintedPageWindow = {
  document: Document;
  requestAnimationFrame: (callback: () => void) => unknown;
  setTimeout: (callback: () => void) => unknown;
};

/**
 * Asking the browser for a script costs its main thread a few milliseconds each (on a slow phone,
 * tens): the app's two dozen files are asked for a few at a time, one browser task each, so the page
 * stays responsive while they load.
 */
const SCRIPTS_PER_TASK = 4;

/**
 * What a sign-in page (sent rendered, see app/prerender-pages.tsx) runs: once the page is on
 * screen, the app's scripts are fetched side by side and its entry run, which renders the same page
 * over it (main.tsx). Until that first paint the page's HTML and CSS have the connection to
 * themselves; a phone on a slow network shows the form sooner, and a visitor can already type.
 */
export function startAppAfterPaint(window: PaintedPageWindow): void {
  const [entry, ...rest] = listedAppScripts(window.document);
  if (!entry) return;
  const next = (waiting: string[]) =>
    window.setTimeout(() => {
      if (waiting.length > 0) {
        preloadScripts(window.document, waiting.slice(0, SCRIPTS_PER_TASK));
        next(waiting.slice(SCRIPTS_PER_TASK));
        return;
      }
      const script = window.document.createElement('script');
      script.type = 'module';
      script.src = entry;
      window.document.head.append(script);
    });
  // A timer set in an animation frame fires once that frame has been painted.
  window.requestAnimationFrame(() => next(rest));
}
