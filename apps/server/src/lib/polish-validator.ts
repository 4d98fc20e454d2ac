import type { FastifySchemaCompiler } from 'fastify';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { polishIssueMessage } from '@promotor/contract';

// fastify-type-provider-zod's validatorCompiler, parsing with the contract's Polish messages (issue 33):
// what a refused body says reaches a person in the back office, under the field. A schema's own
// message wins over the map (zod's precedence), so the §5 rules' words stay as written.
export const polishValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { error: polishIssueMessage });
    if (!result.error) return { value: result.data };
    // The shape fastify's schema errors have, which plugins/errors.ts turns into { path, message }.
    const error = result.error.issues.map((issue) => ({
      keyword: issue.code,
      instancePath: `/${issue.path.join('/')}`,
      schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
      message: issue.message,
      params: {},
    }));
    return { error } as unknown as { error: Error };
  };
