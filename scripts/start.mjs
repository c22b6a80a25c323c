#!/usr/bin/env node
// `npm start`: builds the web app and the server when their sources changed (scripts/build.mjs),
// then runs the compiled server (embedded PGlite database in ./data unless DATABASE_URL is set)
// on http://localhost:3000.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, buildWeb, isStale, SERVER_ENTRY, serverSources, WEB_INDEX, webSources } from './build.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  if (isStale(WEB_INDEX, webSources)) {
    console.log('Web-App wird gebaut …');
    buildWeb();
  }
  if (isStale(SERVER_ENTRY, serverSources)) {
    const ms = await buildServer();
    console.log(`Server kompiliert (${ms} ms).`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
