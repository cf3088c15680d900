/**
 * The marks in a page template (`templates/<name>.html`, written by the build in
 * apps/web/prerender-pages.ts) that the server replaces with a page it rendered and the data it was
 * drawn from (app/render-pages.tsx, apps/server/src/plugins/web-app.ts).
 */
export const pageTemplate = {
  html: '__SERVER_RENDERED_HTML__',
  data: '__SERVER_RENDERED_DATA__',
  /** The template of each server-rendered page, under the web build's folder. */
  file: (name: string) => `templates/${name}.html`,
} as const;
