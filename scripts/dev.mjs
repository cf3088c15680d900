// `npm run dev`: the API with reload and Vite with hot reload, side by side; Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  // Links in emails open the hot-reloading web app, unless APP_URL says otherwise.
  spawn('npm', ['run', 'dev', '-w', '@portal/server'], {
    stdio: 'inherit',
    env: { APP_URL: 'http://localhost:5173', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@portal/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
