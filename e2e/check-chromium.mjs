// The browser tests drive Debian's Chromium; Playwright never downloads a browser of its own here.
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`Chromium was not found at ${chromium}.
The browser tests need Debian's Chromium. Install it with:

    sudo apt-get install -y chromium

(or set CHROMIUM_PATH to another Chromium binary), then run the tests again.`);
  process.exit(1);
}
