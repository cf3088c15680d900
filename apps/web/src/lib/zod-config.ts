import { z } from 'zod';

/**
 * The app's CSP has no 'unsafe-eval'. Zod otherwise probes for eval with `new Function` as each
 * object schema is built (to compile a faster parser), and every probe is a reported CSP violation.
 * This must run before any schema is created: the router's lazy routes import it before their page.
 */
z.config({ jitless: true });
