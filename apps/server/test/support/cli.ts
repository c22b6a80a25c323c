import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_INVOICE_ISSUER_ENV } from './ports';

/** Runs one of the real command-line tools (apps/server/src/cli) as its own process, in production mode. */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCliProcess(
  script: string,
  args: string[],
  env: Record<string, string>,
  stdin?: string,
): Promise<CliResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_DIR, 'src/cli', script), ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...TEST_INVOICE_ISSUER_ENV,
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(stdin ?? '');
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}
