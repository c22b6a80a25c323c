import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_MSG, JOB_TITLE_MAX_LENGTH, MSG, PLACEMENT_OBJECTION_NOTE_MAX } from '@pb/core';
import { createChatUser, type ChatUser } from './support/chat-fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * The OpenAPI document describes every request body by its @pb/core schema — also where the
 * route validates only the `{ data }` envelope and the service checks the fields with the
 * spec's German messages (config.documentedBody, decision 0018). Documenting never validates.
 */

type JsonSchema = { [key: string]: unknown };
interface Operation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object schema that names no property but takes any: z.record(z.string(), z.unknown()). */
function isUntypedRecord(schema: JsonSchema): boolean {
  const properties = schema['properties'];
  const named = isSchema(properties) && Object.keys(properties).length > 0;
  const rest = schema['additionalProperties'];
  return schema['type'] === 'object' && !named && (rest === true || (isSchema(rest) && Object.keys(rest).length === 0));
}

/** The paths (e.g. `data`, `data.anyOf[1]`) of every untyped record inside a schema. */
function untypedRecords(schema: JsonSchema, at: string): string[] {
  const found = isUntypedRecord(schema) ? [at || '(body)'] : [];
  const properties = schema['properties'];
  if (isSchema(properties)) {
    for (const [name, child] of Object.entries(properties)) {
      if (isSchema(child)) found.push(...untypedRecords(child, at ? `${at}.${name}` : name));
    }
  }
  for (const key of ['items', 'additionalProperties']) {
    const child = schema[key];
    if (isSchema(child)) found.push(...untypedRecords(child, `${at}[${key}]`));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = schema[key];
    if (Array.isArray(list)) {
      list.forEach((child, i) => {
        if (isSchema(child)) found.push(...untypedRecords(child, `${at}.${key}[${i}]`));
      });
    }
  }
  return found;
}

function jsonBody(doc: OpenApiDocument, path: string, method: string): JsonSchema {
  const schema = doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} documents no JSON body`);
  return schema;
}

function property(schema: JsonSchema, name: string): JsonSchema {
  const properties = schema['properties'];
  const child = isSchema(properties) ? properties[name] : undefined;
  if (!isSchema(child)) throw new Error(`no property ${name}`);
  return child;
}

describe('OpenAPI request bodies', () => {
  let ctx: TestContext;
  let doc: OpenApiDocument;
  let company: ChatUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    doc = (ctx.app as unknown as { swagger(): OpenApiDocument }).swagger();
    company = await createChatUser(ctx.app, 'company');
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('When the document lists the operations, then no request body is an untyped record', () => {
    const untyped = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.entries(operation.requestBody?.content ?? {}).flatMap(([type, content]) =>
          untypedRecords(content.schema, '').map((at) => `${method.toUpperCase()} ${path} ${type}: ${at}`),
        ),
      ),
    );
    expect(untyped).toEqual([]);
  });

  it('When POST /api/jobs is documented, then data carries the advertisement fields with their limits', () => {
    const data = property(jsonBody(doc, '/api/jobs', 'post'), 'data');
    expect(property(data, 'jobTitle')).toMatchObject({ type: 'string', maxLength: JOB_TITLE_MAX_LENGTH });
    expect(data['additionalProperties']).toBe(false);
    const admin = property(jsonBody(doc, '/api/admin/jobs', 'post'), 'data');
    expect(property(admin, 'jobTitle')).toMatchObject({ maxLength: JOB_TITLE_MAX_LENGTH });
  });

  it('When the other write bodies are documented, then they show the core schemas', () => {
    const change = property(jsonBody(doc, '/api/jobs/{id}', 'put'), 'data');
    expect(change['anyOf']).toHaveLength(2);
    const bonus = property(jsonBody(doc, '/api/placement-bonuses', 'post'), 'data');
    expect(bonus['required']).toEqual(['advertisement', 'bonus']);
    const report = property(jsonBody(doc, '/api/placement-reports', 'post'), 'data');
    expect(report['oneOf']).toHaveLength(2);
    const objection = property(jsonBody(doc, '/api/placement-reports/{id}/objection', 'post'), 'data');
    expect(property(objection, 'note')).toMatchObject({ maxLength: PLACEMENT_OBJECTION_NOTE_MAX });
  });

  it('When a body breaks the documented schema, then the service still answers with its German message', async () => {
    const cases = [
      { data: {}, message: MSG.fillAllFields },
      { data: { jobTitle: 'x'.repeat(JOB_TITLE_MAX_LENGTH + 1) }, message: INPUT_MSG.tooLong },
    ];
    for (const c of cases) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/jobs',
        token: company.token,
        payload: { data: c.data },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { message: c.message } });
    }
  });
});
