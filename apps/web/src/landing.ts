import { leaveIfSignedIn, preloadAppOnIntent } from './app/landing-script.ts';

// The landing page's entry (landing.html); every other page starts at main.tsx.
preloadAppOnIntent(document);
void leaveIfSignedIn(window);
