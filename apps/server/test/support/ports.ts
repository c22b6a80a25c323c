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
