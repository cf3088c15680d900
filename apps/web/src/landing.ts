import { preloadAppOnIntent } from './app/landing-script.ts';

// The landing page's entry (landing.html); every other page starts at main.tsx. A signed-in visitor
// of `/` is redirected by the server before this page is sent.
preloadAppOnIntent(document);
