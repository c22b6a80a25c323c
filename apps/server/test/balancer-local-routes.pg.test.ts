import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@pb/core';
import { startBalancer, type Balancer } from './support/balancer';
import { startInstancePair, type InstancePair } from './support/instances';

/**
 * Issue 28, item 12: deploy/haproxy.cfg (the repository's file, real HAProxy, two real
 * instances) never passes /metrics or the dev mailbox to an instance, however the path is
 * spelt: the instance decodes percent-escapes once (`/%6detrics` is its /metrics), so the
 * balancer compares the decoded path. Instances answer those routes to loopback only, and
 * the balancer's connections come from loopback here — without the balancer's rule they
 * would serve them to anyone.
 */

let pair: InstancePair;
let lb: Balancer;

interface RawAnswer {
  status: number;
  servedBy: string | undefined;
  body: string;
}

/** GET with the path exactly as written (fetch would normalise it). */
function rawGet(base: string, path: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path, method: 'GET', agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          servedBy: response.headers['x-served-by'] as string | undefined,
          body,
        }),
      );
    });
    request.once('error', reject);
    request.end();
  });
}

const SPELLINGS = [
  '/metrics',
  '/%6detrics',
  '/%6D%65%74%72%69%63%73',
  '/METRICS',
  '//metrics',
  '/./metrics',
  '/x/../metrics',
  '/metrics/',
  '/metrics?format=text',
  '/dev/mail',
  '/dev/mail.json',
  '/%64ev/mail',
  '/dev/%6dail.json',
  '//dev/mail',
];

beforeAll(async () => {
  pair = await startInstancePair('the balancer path test', { redis: false });
  lb = await startBalancer(new URL(pair.a.url).host, new URL(pair.b.url).host);
  const deadline = Date.now() + 20_000;
  const seen = new Set<string>();
  while (seen.size < 2) {
    if (Date.now() > deadline) throw new Error(`balancer never used both instances:\n${lb.output()}`);
    const answer = await rawGet(lb.url, '/api/health/ready').catch(() => undefined);
    if (answer?.status === 200 && answer.servedBy) seen.add(answer.servedBy);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);
afterAll(async () => {
  await lb?.stop();
  await pair?.close();
});

describe('deploy/haproxy.cfg and the local-only routes', () => {
  it('When an instance is asked for /metrics or /dev/mail from this machine directly, then it serves them', async () => {
    for (const path of ['/metrics', '/%6detrics', '/dev/mail', '/%64ev/mail']) {
      expect((await rawGet(pair.a.url, path)).status, path).toBe(200);
    }
  });

  it('When /metrics or /dev/mail is asked through the balancer in any spelling, then HAProxy answers 404 without asking an instance', async () => {
    for (const path of SPELLINGS) {
      const { status, servedBy, body } = await rawGet(lb.url, path);
      expect({ status, servedBy }, path).toEqual({ status: 404, servedBy: undefined });
      // The app's German error envelope, like any unknown path.
      expect(JSON.parse(body)).toEqual({
        data: null,
        error: { status: 404, name: 'NotFoundError', message: MSG.notFound, details: {} },
      });
    }
    // Everything else still goes through.
    const ready = await rawGet(lb.url, '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.servedBy).toMatch(/^app[12]$/);
  });
});
