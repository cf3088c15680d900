import { afterEach, describe, expect, it } from 'vitest';
import { startAppAfterPaint } from './app-scripts.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

/** A window whose animation frame and timer run only when the test says so. */
function pausedWindow() {
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  return {
    window: {
      document,
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void) => timers.push(callback),
    },
    paint: () => frames.splice(0).forEach((run) => run()),
    /** Runs the browser's tasks one by one, those they queue included; returns how many ran. */
    runTasks: () => {
      let count = 0;
      for (let task = timers.shift(); task; task = timers.shift(), count++) task();
      return count;
    },
  };
}

const appended = () =>
  Array.from(document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')).map(
    (element) =>
      element instanceof HTMLScriptElement
        ? `run ${element.getAttribute('src')}`
        : `preload ${element.getAttribute('href')}`,
  );

describe('starting the app from a page sent rendered', () => {
  it('preloads the scripts a few per task once the page has been painted, then runs the entry', () => {
    const listed = ['/assets/index.js', ...Array.from({ length: 9 }, (_, i) => `/assets/chunk-${i}.js`)];
    document.head.innerHTML = `<script type="application/json" id="app-scripts">${JSON.stringify(listed)}</script>`;
    const { window, paint, runTasks } = pausedWindow();
    startAppAfterPaint(window);
    expect(runTasks()).toBe(0);
    expect(appended()).toEqual([]);

    paint();
    // 9 preloads, 4 per task, then the entry in a task of its own.
    expect(runTasks()).toBe(4);
    expect(appended()).toEqual([...listed.slice(1).map((href) => `preload ${href}`), 'run /assets/index.js']);
  });

  it('does nothing on a page that lists no scripts', () => {
    const { window, paint, runTasks } = pausedWindow();
    startAppAfterPaint(window);
    paint();
    expect(runTasks()).toBe(0);
    expect(appended()).toEqual([]);
  });
});
