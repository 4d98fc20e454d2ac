import { z } from 'zod';
import {
  API_BASE,
  ERROR_STATUS,
  ErrorEnvelope,
  LivenessResponse,
  NotReadyEnvelope,
  ReadinessChecks,
  UPLOAD_IMAGE_TYPES,
  probePaths,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  routeDefinition,
  routeNames,
  rolesWith,
  successEnvelope,
  type RouteName,
} from '@promotor/contract';

// The OpenAPI 3.1 document of the contract's route table: what a wrapper author or a CRM integrator
// reads instead of the code. Built from the same schemas the server validates with (lib/api-route.ts),
// so it cannot drift from what runs.

type JsonSchema = Record<string, unknown>;

/**
 * zod 4's JSON Schema: bodies as a client writes them (io 'input': before transforms and defaults),
 * answers as the server sends them. Refinements have no JSON Schema form and are left out; anything
 * unrepresentable becomes {} rather than failing the document.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' });
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const pascal = (name: RouteName) => name[0]!.toUpperCase() + name.slice(1);

function errorSchemas(): Record<string, JsonSchema> {
  const envelope = jsonSchema(ErrorEnvelope, 'output') as { properties: { data: { properties: Record<string, unknown> } } };
  envelope.properties.data.properties.error = ref('ErrorCode');
  const statuses = Object.entries(ERROR_STATUS).map(([code, status]) => `${code}: ${status}`);
  return {
    ErrorCode: {
      type: 'string',
      enum: Object.keys(ERROR_STATUS),
      description: `The failure's code; the HTTP status follows it. ${statuses.join(', ')}.`,
    },
    ErrorEnvelope: envelope,
  };
}

/** A form call: its text fields (the body schema's properties, sent as text) and one file in `file`. */
function formBody(name: string, fields: JsonSchema): JsonSchema {
  const { properties = {}, required = [] } = fields as { properties?: Record<string, JsonSchema>; required?: string[] };
  const form = {
    type: 'object',
    required: ['file', ...required],
    properties: {
      ...properties,
      file: { type: 'string', contentMediaType: 'text/csv', description: `The file, at most ${UPLOAD_MAX_FILE_BYTES} bytes` },
    },
  };
  return { required: true, description: `Fields as in ${name}, each a text part`, content: { 'multipart/form-data': { schema: form } } };
}

/** A csv call (a GET): the body schema's fields as query parameters, each a string of its type. */
function queryParameters(route: ReturnType<typeof routeDefinition>): JsonSchema[] {
  if (!route.body || route.kind !== 'csv') return [];
  const { properties = {}, required = [] } = jsonSchema(route.body, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.includes(name), schema }));
}

function requestBody(route: ReturnType<typeof routeDefinition>): { body?: JsonSchema; schemas: Record<string, JsonSchema> } {
  if (!route.body) return { schemas: {} };
  const name = `${pascal(route.name)}Body`;
  const schemas = { [name]: jsonSchema(route.body, 'input') };
  // Its fields travel in the query string (queryParameters); the schema stays for the readable page.
  if (route.kind === 'csv') return { schemas };
  if (route.kind === 'form') return { body: formBody(name, schemas[name]!), schemas };
  if (route.kind !== 'multipart') return { body: { required: true, content: { 'application/json': { schema: ref(name) } } }, schemas };
  const form = {
    type: 'object',
    required: ['_input'],
    properties: {
      _input: { type: 'string', contentMediaType: 'application/json', contentSchema: ref(name), description: "The call's fields as JSON" },
      'files[]': {
        type: 'array',
        maxItems: UPLOAD_MAX_FILES,
        items: { type: 'string', contentMediaType: 'application/octet-stream' },
        description: `Images (${UPLOAD_IMAGE_TYPES.join(', ')}, judged by their bytes), at most ${UPLOAD_MAX_FILE_BYTES} bytes each`,
      },
    },
  };
  const encoding = { _input: { contentType: 'application/json' }, 'files[]': { contentType: UPLOAD_IMAGE_TYPES.join(', ') } };
  return { body: { required: true, content: { 'multipart/form-data': { schema: form, encoding } } }, schemas };
}

function success(route: ReturnType<typeof routeDefinition>): { response: JsonSchema; schemas: Record<string, JsonSchema> } {
  if (route.kind === 'csv') {
    const csv = { type: 'string', contentMediaType: 'text/csv', description: "UTF-8 with BOM, ';' separated, CRLF, Polish headers" };
    return {
      response: { description: 'The file (Content-Disposition: attachment), streamed', content: { 'text/csv': { schema: csv } } },
      schemas: {},
    };
  }
  if (!route.response) {
    const content = Object.fromEntries(UPLOAD_IMAGE_TYPES.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));
    return { response: { description: 'The file', content }, schemas: {} };
  }
  const name = `${pascal(route.name)}Response`;
  return {
    response: {
      description: 'Success: `{ status: { success: true }, data, meta: { ts } }`',
      content: { 'application/json': { schema: ref(name) } },
    },
    schemas: { [name]: jsonSchema(successEnvelope(route.response, route.meta), 'output') },
  };
}

/**
 * The probes of decision 131: GETs at the server's root, outside the document's `/api` (each path names
 * its own server), public. Listed so that whoever sets up a load balancer finds them with the calls.
 */
function probes(): { paths: Record<string, unknown>; schemas: Record<string, JsonSchema> } {
  const json = (name: string, description: string) => ({ description, content: { 'application/json': { schema: ref(name) } } });
  const probe = (operationId: string, summary: string, responses: Record<string, unknown>) => ({
    servers: [{ url: '/' }],
    get: { operationId, summary, tags: ['probes'], security: [], responses },
  });
  return {
    paths: {
      [probePaths.live]: probe('livez', 'Liveness: 200 while the process answers', { 200: json('LivezResponse', 'The process answers') }),
      [probePaths.ready]: probe(
        'readyz',
        "Readiness, for a load balancer's health check: 200 while the database answers with every migration, the bucket (BLOB_STORE=s3) answers and the server is not closing",
        {
          200: json('ReadyzResponse', 'Ready: every check in data'),
          503: json('ReadyzNotReady', 'Not ready: E_SERVICE_UNAVAILABLE, every check in data.details (closing: true from SIGTERM on)'),
        },
      ),
    },
    schemas: {
      LivezResponse: jsonSchema(successEnvelope(LivenessResponse), 'output'),
      ReadyzResponse: jsonSchema(successEnvelope(ReadinessChecks), 'output'),
      ReadyzNotReady: jsonSchema(NotReadyEnvelope, 'output'),
    },
  };
}

export function buildOpenApiDocument() {
  const schemas: Record<string, JsonSchema> = errorSchemas();
  const paths: Record<string, unknown> = {};
  for (const name of routeNames) {
    const route = routeDefinition(name);
    const body = requestBody(route);
    const ok = success(route);
    Object.assign(schemas, body.schemas, ok.schemas);
    const parameters = [...queryParameters(route), ...(route.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : [])];
    paths[route.path] = {
      [route.kind === 'csv' ? 'get' : 'post']: {
        operationId: name,
        summary: route.summary,
        tags: [route.path.split('/')[1]],
        ...(route.public ? { security: [] } : {}),
        // The back office: the staff roles that may call it (decision 085); a promoter's token gets 403.
        ...(route.permission ? { 'x-roles': rolesWith(route.permission), 'x-permission': route.permission } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(body.body ? { requestBody: body.body } : {}),
        responses: {
          200: ok.response,
          default: {
            description: 'Failure (HTTP status by code, see ErrorCode)',
            content: { 'application/json': { schema: ref('ErrorEnvelope') } },
          },
        },
      },
    };
  }
  const probeDocs = probes();
  Object.assign(paths, probeDocs.paths);
  Object.assign(schemas, probeDocs.schemas);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Promotor API',
      version: '1',
      description:
        'Every call is a POST with a JSON body (or multipart: `_input` JSON and `files[]`; or a form: `file` and text fields), but the CSV exports: a GET with the fields in the query string. Every answer but a file is an envelope: ' +
        '`{ status: { success }, data, meta: { ts } }`; a failure carries `data.error` (ErrorCode) and meta.ts, what a user quotes to support.',
    },
    servers: [{ url: API_BASE }],
    security: [{ bearer: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token of /auth/login' } },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
          description:
            'Repeating a call with the same key and body answers the first answer and changes nothing; the same key with another body is E_IDEMPOTENCY_KEY_REUSED.',
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
