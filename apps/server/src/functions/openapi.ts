import { z } from 'zod';
import type { FunctionDef } from '@hibi/contract/protocol';
import { PROTOCOL_ERROR_CODES } from '@hibi/contract/protocol';
import { DEVTOOL_FUNCTION_NAMES } from '@hibi/contract/functions/lifecycle';
import type { Handler } from './types.ts';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

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
        responses: {
          '200': { description: 'Success, or a business failure', content: { 'application/json': { schema: { oneOf: [response, failure] } } } },
          '400': { description: 'validationError', content: { 'application/json': { schema: failure } } },
          ...(def.auth === 'required' ? { '401': { description: 'loginRequired', content: { 'application/json': { schema: failure } } } } : {}),
          ...(def.auth === 'required' && !def.beforeTerms
            ? { '403': { description: 'termsNotAccepted: the current terms version is not accepted yet', content: { 'application/json': { schema: failure } } } }
            : {}),
          '429': { description: 'tooManyRequests', content: { 'application/json': { schema: failure } } },
          '500': { description: 'internalError', content: { 'application/json': { schema: failure } } },
        },
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
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
