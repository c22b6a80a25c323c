import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Loopback ports for the servers tests start themselves (PostgreSQL, Redis, S3, app processes, balancer). */

/** A port nothing listens on right now (the OS picks it; closed again before it is returned). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port (or rejects after the deadline). */
export async function waitForPort(port: number, timeoutMs: number, what = 'server'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface LocalServerProcess {
  /** Starts the process (no-op while it runs) and waits until it listens on its port. */
  start(): Promise<void>;
  /** Kills it (SIGKILL, like a crash; a stopped process is woken first) and waits for its exit. */
  stop(): Promise<void>;
  /** Sends a signal to the running process (SIGSTOP/SIGCONT to freeze it); false when none runs. */
  signal(signal: NodeJS.Signals): boolean;
}

/**
 * A server binary of the test's own (redis-server, s3rver) that the test can kill and start
 * again on the same port, so clients reconnect to it. It dies with the test runner.
 */
export function localServerProcess(
  command: string,
  args: readonly string[],
  port: number,
  what: string,
  startTimeoutMs = 15_000,
): LocalServerProcess {
  let child: ChildProcess | undefined;
  process.once('exit', () => child?.kill('SIGKILL'));
  return {
    async start() {
      if (child) return;
      const proc = spawn(command, args, { stdio: 'ignore' });
      child = proc;
      proc.once('exit', () => {
        if (child === proc) child = undefined;
      });
      await waitForPort(port, startTimeoutMs, what);
    },
    async stop() {
      const proc = child;
      if (!proc) return;
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill('SIGCONT');
      proc.kill('SIGKILL');
      await exited;
      child = undefined;
    },
    signal(signal) {
      return child ? child.kill(signal) : false;
    },
  };
}

/** The invoice issuer a production-mode server needs to start (config.ts), with test values. */
export const TEST_INVOICE_ISSUER_ENV: Record<string, string> = {
  IMPRINT_COMPANY: 'Prämienbörse Test GmbH',
  IMPRINT_ADDRESS: 'Mariahilfer Straße 1, 1060 Wien',
  IMPRINT_EMAIL: 'office@praemienboerse.test',
  IMPRINT_REGISTER: 'FN 123456a, Handelsgericht Wien',
  IMPRINT_VAT_ID: 'ATU12345678',
  INVOICE_IBAN: 'AT611904300234573201',
  INVOICE_BIC: 'BKAUATWW',
  INVOICE_BANK: 'Testbank AG',
};

/** The same issuer as an InvoiceIssuer, for code that takes it directly (demo seeding in CLI tests). */
export const TEST_INVOICE_ISSUER = {
  name: TEST_INVOICE_ISSUER_ENV.IMPRINT_COMPANY!,
  address: TEST_INVOICE_ISSUER_ENV.IMPRINT_ADDRESS!,
  uid: TEST_INVOICE_ISSUER_ENV.IMPRINT_VAT_ID!,
  register: TEST_INVOICE_ISSUER_ENV.IMPRINT_REGISTER!,
  iban: TEST_INVOICE_ISSUER_ENV.INVOICE_IBAN!,
  bic: TEST_INVOICE_ISSUER_ENV.INVOICE_BIC!,
  bank: TEST_INVOICE_ISSUER_ENV.INVOICE_BANK!,
  email: TEST_INVOICE_ISSUER_ENV.IMPRINT_EMAIL!,
};
