import { afterEach, describe, expect, it } from 'vitest';
import { preloadAppOnIntent } from './landing-script.ts';

describe('the landing page script', () => {
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
