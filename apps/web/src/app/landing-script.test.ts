import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LandingPageWindow, leaveIfSignedIn, preloadAppOnIntent } from './landing-script.ts';

/** A window whose GET /api/ answers `status` with `body`, or fails when status is 0. */
function landingWindow(status: number, body: unknown = {}) {
  const replace = vi.fn<(url: string) => void>();
  const json = vi.fn(async () => body);
  const fetch = vi.fn<LandingPageWindow['fetch']>(async () => {
    if (status === 0) throw new TypeError('Failed to fetch');
    return { ok: status >= 200 && status < 300, json };
  });
  return {
    window: { fetch, location: { replace }, document } satisfies LandingPageWindow,
    replace,
    fetch,
    json,
  };
}

describe('the landing page script', () => {
  it.each([
    ['student', '/student'],
    ['college-staff', '/college-staff'],
    ['company', '/company'],
  ])('sends a signed-in %s to their area', async (role, area) => {
    const { window, replace, fetch } = landingWindow(200, { message: role, timeZone: 'Asia/Kolkata' });
    await leaveIfSignedIn(window);
    expect(fetch).toHaveBeenCalledWith('/api/', expect.objectContaining({ credentials: 'same-origin' }));
    expect(replace).toHaveBeenCalledExactlyOnceWith(area);
  });

  it('leaves a visitor, an unknown answer and an unreachable server on the page', async () => {
    for (const [status, body] of [
      [401, { message: 'Unauthorized' }],
      [200, { message: 'admin' }],
      [500, {}],
      [0, undefined],
    ] as const) {
      const { window, replace, json } = landingWindow(status, body);
      await leaveIfSignedIn(window);
      expect(replace, `GET /api/ answering ${status}`).not.toHaveBeenCalled();
      // A refusal's body is read too: left unread, the request never ends and the page never loads.
      if (status !== 0) expect(json, `GET /api/ answering ${status}`).toHaveBeenCalledOnce();
    }
  });

  describe('preloading the app', () => {
    afterEach(() => {
      document.head.innerHTML = '';
      document.body.innerHTML = '';
    });

    const preloads = () =>
      Array.from(document.head.querySelectorAll('link[rel="modulepreload"]')).map((link) =>
        link.getAttribute('href'),
      );

    it('preloads the listed scripts once, when the pointer reaches a link, and not before', () => {
      document.head.innerHTML =
        '<script type="application/json" id="app-scripts">["/assets/index-a.js","/assets/react-dom-b.js"]</script>';
      document.body.innerHTML = '<p>One portal</p><a href="/signin"><span>Login</span></a>';
      preloadAppOnIntent(document);

      document.querySelector('p')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
      expect(preloads()).toEqual([]);

      document.querySelector('span')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
      expect(preloads()).toEqual(['/assets/index-a.js', '/assets/react-dom-b.js']);
      document.querySelector('a')!.dispatchEvent(new Event('focusin', { bubbles: true }));
      expect(preloads()).toHaveLength(2);
    });

    it('does nothing on a page that lists no scripts', () => {
      document.body.innerHTML = '<a href="/signin">Login</a>';
      preloadAppOnIntent(document);
      document.querySelector('a')!.dispatchEvent(new Event('touchstart', { bubbles: true }));
      expect(preloads()).toEqual([]);
    });
  });
});
