import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render of a page imports its lazy route module, which on a busy two-core CI machine
// can take over the library's default of one second; findBy* still resolves as soon as it shows.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
