import { z } from 'zod';
import type { FunctionDef } from '@hibi/contract/protocol';
import { PROTOCOL_ERROR_CODES } from '@hibi/contract/protocol';
import { DEVTOOL_FUNCTION_NAMES } from '@hibi/contract/functions/lifecycle';
import type { Handler } from '../core/handler.ts';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return fixNullable(z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }));
}

type Node = Record<string, unknown>;

/**
 * OpenAPI 3.0 ignores `nullable` without a `type` beside it (linters call it an error); zod writes
 * `{ nullable: true, anyOf: [...] }` for a nullable union. Give it the branches' common type, or push `nullable` into
 * each branch when they differ.
 *
 * A nullable enum lists `null` among its values: OpenAPI 3.0.3 says `nullable` does not widen an `enum`, and clients
 * generated from the document (hey-api's zod and valibot schemas, ajv) then refuse a live `null` (issue 55,
 * docs/decisions/180-checked-with-standard-tools.md).
 */
export function fixNullable<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => fixNullable(v)) as T;
  if (!value || typeof value !== 'object') return value;
  const node: Node = Object.fromEntries(Object.entries(value as Node).map(([k, v]) => [k, fixNullable(v)]));
  if (node.nullable !== undefined && node.type === undefined) {
    const branches = (node.anyOf ?? node.oneOf) as Node[] | undefined;
    const types = new Set(branches?.map((b) => b.type));
    if (branches && types.size === 1 && typeof branches[0]!.type === 'string') {
      node.type = branches[0]!.type;
      // A branch's enum is a list of the node's values: the node's null is among them.
      if (node.nullable === true) node[node.anyOf ? 'anyOf' : 'oneOf'] = branches.map((b) => nullInEnum({ ...b, nullable: true }));
    } else if (branches) {
      const key = node.anyOf ? 'anyOf' : 'oneOf';
      node[key] = branches.map((b) => (b.type === undefined ? b : nullInEnum({ ...b, nullable: node.nullable })));
      delete node.nullable;
    } else {
      delete node.nullable;
    }
  }
  return nullInEnum(node) as T;
}

/** A nullable schema with an `enum` lists `null` among its values. */
function nullInEnum(node: Node): Node {
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) return { ...node, enum: [...node.enum, null] };
  return node;
}

/**
 * Every status the function entry (and the server's error handler in front of it) can answer, by who may call:
 * 401 only where sign-in is required; 404 when the function is not on this server (the developer tool's, or an
 * older name); 413 over MAX_BODY_BYTES; 415 for a body that is not JSON or text.
 */
export function entryStatuses(auth: FunctionDef['auth'], beforeTerms = false): string[] {
  const signedIn = auth === 'required';
  return ['200', '400', ...(signedIn ? ['401'] : []), ...(signedIn && !beforeTerms ? ['403'] : []), '404', '413', '415', '429', '500', '503'];
}

const STATUS_DESCRIPTIONS: Record<string, string> = {
  '400': 'validationError: the body is not a JSON object or breaks the payload schema',
  '401': 'loginRequired: no valid bearer token',
  '403': 'termsNotAccepted: the current terms version is not accepted yet',
  '404': 'unknownFunction: no such function on this server',
  '413': 'validationError: the body is larger than 1 MiB',
  '415': 'validationError: the content type is not application/json',
  '429': 'tooManyRequests: a rate limit is exceeded (see the Retry-After header)',
  '500': 'internalError',
  '503': 'serviceUnavailable: the database is out of reach or too slow just now; nothing was saved (see the Retry-After header)',
};

/** OpenAPI 3 document generated from the same zod schemas the entry validates with. */
export function buildOpenApi(registry: Map<string, Handler<FunctionDef>>) {
  const paths: Record<string, unknown> = {};
  const failure = {
    type: 'object',
    required: ['succeed', 'errorCode'],
    properties: {
      succeed: { type: 'boolean', enum: [false] },
      errorCode: { type: 'string' },
      validationErrorMessage: { type: 'array', items: { type: 'string' } },
    },
  };
  for (const [name, { def }] of [...registry].sort(([a], [b]) => a.localeCompare(b))) {
    // The hidden developer tool is not part of the published API, even where it exists (issue 12, finding 17).
    if (DEVTOOL_FUNCTION_NAMES.includes(name)) continue;
    const payload = jsonSchema(def.payload.extend({ locale: z.string().max(35).optional() }).strict(), 'input');
    const response = jsonSchema(def.response.extend({ succeed: z.literal(true) }), 'output');
    paths[`/api/functions/${name}`] = {
      post: {
        operationId: name,
        summary: def.summary,
        description: def.errorCodes.length ? `Business error codes: ${def.errorCodes.join(', ')}.` : undefined,
        security: def.auth === 'none' ? [] : def.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }],
        requestBody: { required: true, content: { 'application/json': { schema: payload } } },
        responses: Object.fromEntries(
          entryStatuses(def.auth, def.beforeTerms).map((status) => [
            status,
            status === '200' && def.download
              ? {
                  description: 'The file (an attachment), or a business failure as JSON',
                  content: { [def.download.contentType]: { schema: { type: 'string', format: 'binary' } }, 'application/json': { schema: failure } },
                }
              : status === '200'
                ? { description: 'Success, or a business failure', content: { 'application/json': { schema: { oneOf: [response, failure] } } } }
                : { description: STATUS_DESCRIPTIONS[status]!, content: { 'application/json': { schema: failure } } },
          ]),
        ),
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Hibi function entry',
      version: '1',
      description: `Every call is POST /api/functions/{name} with a JSON object body (payload plus locale). Protocol error codes: ${PROTOCOL_ERROR_CODES.join(', ')}.`,
    },
    servers: [{ url: '/', description: 'This server' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
