import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { setDisplayTimeZone } from './dates.ts';

/**
 * What a page rendered on the server (app/render-pages.tsx) was drawn from, sent with it in
 * `<script type="application/json" id="page-data">`: the app starts from the same answers, so it
 * draws the same page without asking the API again, and shows times in the deployment's zone.
 */
export type PageData = { timeZone: string; queries: DehydratedState };

const elementId = 'page-data';

/**
 * The data as JSON that cannot end its script element early: every `<` is written as `\u003c`
 * (JSON.parse reads it back as `<`), so a job description holding `</script>` stays text.
 */
export const pageDataJson = (data: PageData): string => JSON.stringify(data).replace(/</g, '\\u003c');

/** The data the page was sent with, or null when it came without any (or with something unreadable). */
export function readPageData(document: Document): PageData | null {
  const text = document.getElementById(elementId)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<PageData> | null;
    if (typeof data?.timeZone !== 'string' || typeof data.queries !== 'object' || data.queries === null) {
      return null;
    }
    return data as PageData;
  } catch {
    return null;
  }
}

/**
 * Starts the app's query cache from the data the page was sent with; false when it came with none
 * (then the page, if any, is one the build rendered, drawn from no data).
 */
export function startFromPageData(document: Document, queryClient: QueryClient): boolean {
  const data = readPageData(document);
  if (!data) return false;
  setDisplayTimeZone(data.timeZone);
  hydrate(queryClient, data.queries);
  return true;
}
