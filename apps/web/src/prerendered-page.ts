import { startAppAfterPaint } from './app/app-scripts.ts';

// The entry of the pages the build sends rendered and that then become the app (the sign-in pages).
startAppAfterPaint(window);
