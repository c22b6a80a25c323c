#!/usr/bin/env node
// Builds the web app and the compiled server (what `npm start` runs), then runs the Playwright
// suite in Debian's Chromium against them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(`Chromium not found at ${chrome}. Install it (apt-get install -y chromium) or set CHROME_PATH.`);
  process.exit(1);
}
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run(process.execPath, ['scripts/build.mjs']);
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
