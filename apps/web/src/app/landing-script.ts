import { authApi } from '@portal/contracts/api/auth';
import type { Role } from '@portal/contracts/common';
import { roleRoutes } from '../config/paths.ts';
import { listedAppScripts, preloadScripts } from './app-scripts.ts';

/**
 * What the landing page runs instead of the app. `/` is sent as HTML rendered at build time
 * (landing.html) whose links are plain links, so reading the page or leaving it needs none of the
 * app's JavaScript (react-dom and react-router alone are 86 KB compressed). Two things still need a
 * script, and they are all the landing page loads:
 * - a signed-in visitor is sent to their area, as the app's router does on `/`;
 * - the app's code is fetched as soon as the visitor shows where they are going (a pointer over a
 *   link, a touch, a focus), so the sign-in or sign-up page then opens from the cache.
 */
export type LandingPageWindow = {
  fetch: (
    url: string,
    init: { credentials: 'same-origin'; headers: Record<string, string> },
  ) => Promise<{
    ok: boolean;
    json: () => Promise<unknown>;
  }>;
  location: { replace: (url: string) => void };
  document: Document;
};

const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && Object.hasOwn(roleRoutes, value);

/** Sends a signed-in visitor to their area; a visitor, or a failed check, stays on the page. */
export async function leaveIfSignedIn(window: LandingPageWindow): Promise<void> {
  try {
    const response = await window.fetch(authApi.status.path, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    // The body is read even from a refusal: a response left unread stays open in the browser, and
    // the page would never count as loaded.
    const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
    if (response.ok && isRole(body?.message)) window.location.replace(roleRoutes[body.message].area);
  } catch {
    // The server is unreachable: the page is readable as it is, and its links still work.
  }
}

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
