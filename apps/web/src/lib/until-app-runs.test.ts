import { describe, expect, it } from 'vitest';
import { enableControlsForApp, untilAppRuns } from './until-app-runs.ts';

describe('controls that wait for the app', () => {
  it('are only as disabled as they say in the browser', () => {
    expect(untilAppRuns()).toEqual({ disabled: false });
    expect(untilAppRuns(true)).toEqual({ disabled: true });
  });

  it('are enabled as the app adopts the page, and nothing the page itself disabled is', () => {
    document.body.innerHTML = `
      <fieldset disabled data-until-app><input type="search" aria-label="Search"></fieldset>
      <button disabled data-until-app>Apply</button>
      <button disabled>Applied</button>`;
    enableControlsForApp(document.body);
    const [apply, applied] = document.querySelectorAll('button');
    expect(document.querySelector('fieldset')?.disabled).toBe(false);
    expect(apply?.disabled).toBe(false);
    expect(applied?.disabled).toBe(true);
    expect(document.querySelectorAll('[data-until-app]')).toHaveLength(0);
  });
});
