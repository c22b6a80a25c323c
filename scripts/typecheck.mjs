/**
 * npm run typecheck: the four TypeScript projects, as many at a time as the machine has cores
 * (one after the other they took 72 s on 2 vCPU, now 35 s cold and 11 s warm). The benchmarks are
 * checked within the server's project and the web benchmark with e2e, so no file of the server is
 * checked twice (a bench project of its own did, ~17 s more). Each keeps its incremental state in
 * node_modules/.cache/tsc, so a second run checks only what changed since. Output of a project is
 * printed as one block when it ends; the exit code is non-zero when any project has errors.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Longest first, so the last one to start is a short one.
const PROJECTS = ['apps/server', 'apps/web', 'e2e', 'packages/core'];
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'tsc');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

mkdirSync(CACHE, { recursive: true });

function check(project) {
  const buildInfo = path.join(CACHE, `${project.replaceAll('/', '-')}.tsbuildinfo`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [TSC, '-p', project, '--incremental', '--tsBuildInfoFile', buildInfo, '--pretty'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => {
      process.stdout.write(`tsc -p ${project}: did not start (${error.message})\n`);
      resolve(false);
    });
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? 'ok' : signal ? `killed by ${signal}` : 'errors';
      process.stdout.write(`tsc -p ${project}: ${verdict} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = [];
const workers = Array.from({ length: Math.min(os.availableParallelism(), PROJECTS.length) }, async () => {
  for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
});
await Promise.all(workers);
// exitCode, not exit(): a long error report written to a pipe (CI's log) is flushed first.
process.exitCode = results.every(Boolean) ? 0 : 1;
