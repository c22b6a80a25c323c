import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBalancer, type Balancer } from './support/balancer';

/**
 * deploy/haproxy.cfg's retry rules, against two stand-in instances whose behaviour the test
 * controls (the cluster test runs the real app behind the same file): an instance that drops
 * a request without answering gets a GET repeated on the other instance, never a POST — a
 * write that may have been applied must not run twice. Runs with the deployment suites
 * (*.pg.test.ts; .ci/run installs HAProxy).
 */

interface StandIn {
  address: string;
  /** Requests other than health checks, as "METHOD path". */
  hits: string[];
  /** When set, requests (not health checks) get their connection closed without an answer. */
  dropRequests: boolean;
  close(): Promise<void>;
}

async function standIn(name: string): Promise<StandIn> {
  const state = { hits: [] as string[], dropRequests: false };
  const server = http.createServer((request, response) => {
    if (request.url === '/api/health/ready') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    state.hits.push(`${request.method} ${request.url}`);
    request.resume();
    request.once('end', () => {
      if (state.dropRequests) request.socket.destroy();
      else response.writeHead(200, { 'content-type': 'text/plain' }).end(name);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    get hits() {
      return state.hits;
    },
    get dropRequests() {
      return state.dropRequests;
    },
    set dropRequests(value: boolean) {
      state.dropRequests = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let one: StandIn;
let two: StandIn;
let lb: Balancer;

beforeAll(async () => {
  [one, two] = await Promise.all([standIn('app1'), standIn('app2')]);
  lb = await startBalancer(one.address, two.address);
  // Both up after HAProxy's first checks.
  const seen = new Set<string>();
  const deadline = Date.now() + 10_000;
  while (seen.size < 2 && Date.now() < deadline) {
    const res = await fetch(`${lb.url}/probe`).catch(() => undefined);
    if (res?.ok) seen.add(await res.text());
  }
  expect(seen.size).toBe(2);
});
afterAll(async () => {
  await lb?.stop();
  await Promise.all([one?.close(), two?.close()]);
});

describe('deploy/haproxy.cfg retries', () => {
  it('When an instance drops a GET without answering, then HAProxy repeats it on the other instance', async () => {
    one.dropRequests = true;
    try {
      for (let i = 0; i < 4; i += 1) {
        const res = await fetch(`${lb.url}/api/districts?n=${i}`);
        expect(res.status).toBe(200);
        expect(await res.text()).toBe('app2');
      }
    } finally {
      one.dropRequests = false;
    }
  });

  it('When an instance drops a POST without answering, then the client gets an error and the POST reached one instance only', async () => {
    one.dropRequests = true;
    two.dropRequests = true;
    const posts = () => [...one.hits, ...two.hits].filter((hit) => hit === 'POST /api/contact').length;
    try {
      // HAProxy answers 502 or, like the instance, closes the connection: either way no success.
      const status = await fetch(`${lb.url}/api/contact`, { method: 'POST', body: '{"x":1}' }).then(
        (res) => res.status,
        () => 0,
      );
      expect(status === 0 || status >= 500).toBe(true);
    } finally {
      one.dropRequests = false;
      two.dropRequests = false;
    }
    expect(posts()).toBe(1);
  });
});
