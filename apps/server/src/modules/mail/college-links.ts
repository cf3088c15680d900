import { DEFAULT_COLLEGE } from '../../lib/current-college.ts';

/** The college of an email's account, as its links need it (null: a company, or no account). */
export type LinkCollege = { id: number; slug: string; host: string | null } | null;

/**
 * Where the links of an email to an account of this college start: its own host name when it has
 * one (with the scheme, port and path of APP_URL), `<APP_URL>/c/<slug>` for another college than
 * the first (the address sets the college, then opens the page), and APP_URL itself for the first
 * college and for companies, which are one account across colleges.
 */
export function collegeOrigin(appUrl: string, college: LinkCollege): string {
  if (!college) return appUrl;
  if (college.host) return collegeHostOrigin(appUrl, college);
  return college.id === DEFAULT_COLLEGE ? appUrl : `${appUrl}/c/${college.slug}`;
}

/**
 * APP_URL at the college's own host name when it has one (its scheme, port and path kept), else
 * APP_URL: for an address a program fetches rather than a person opens (a calendar feed), which
 * the token in it decides, so `/c/<slug>` (a browser's cookie) has nothing to add but a redirect.
 */
export function collegeHostOrigin(appUrl: string, college: LinkCollege): string {
  if (!college?.host) return appUrl;
  const url = new URL(appUrl);
  url.hostname = college.host;
  return url.toString().replace(/\/+$/, '');
}

/**
 * An email's text with its links (every `<APP_URL>/…`, as the services write them) moved to the
 * college of the account it goes to, so a link lands in the right college, signed in or not.
 */
export function linksForCollege(text: string, appUrl: string, college: LinkCollege): string {
  const origin = collegeOrigin(appUrl, college);
  return origin === appUrl ? text : text.split(`${appUrl}/`).join(`${origin}/`);
}
