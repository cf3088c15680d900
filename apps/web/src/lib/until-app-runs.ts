const marker = 'data-until-app';

/**
 * The props of a control the app answers (a button, a filter), disabled in a page the server
 * renders (app/render-pages.tsx): that page is on screen before the app's scripts, and a click on
 * it would do nothing. The control is marked so the app can enable it just before it adopts the
 * page (`enableControlsForApp`), which then matches the app's own first render exactly. In the
 * browser this is just `{ disabled }`.
 */
export const untilAppRuns = (disabled = false) =>
  import.meta.env.SSR && !disabled ? { disabled: true, [marker]: '' } : { disabled };

/** Enables what `untilAppRuns` disabled in a page sent rendered, as the app takes it over. */
export function enableControlsForApp(root: ParentNode): void {
  for (const control of root.querySelectorAll(`[${marker}]`)) {
    control.removeAttribute('disabled');
    control.removeAttribute(marker);
  }
}
