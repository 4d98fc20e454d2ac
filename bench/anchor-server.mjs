#!/usr/bin/env node
// The anchor of `npm run bench`: bare Fastify 5 with the same zod type provider as the real server,
// answering one validated POST with a small envelope — what a request costs before any of our plugins,
// authentication or database work. The real server's rate is printed as a share of this one's,
// measured in the same run on the same machine.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

const Body = z.object({
  actions: z.object({
    since: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    filters: z.object({ statuses: z.array(z.string()) }),
  }),
  pagination: z.object({ limit: z.number().int().min(1).max(200), offset: z.number().int().min(0) }),
});
const Answer = z.object({
  status: z.object({ success: z.literal(true) }),
  data: z.object({ items: z.array(z.object({ uuid: z.string(), name: z.string() })) }),
  meta: z.object({ ts: z.string() }),
});

const app = Fastify({ logger: false });
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
app.post('/anchor', { schema: { body: Body, response: { 200: Answer } } }, async () => ({
  status: { success: true },
  data: { items: [{ uuid: '00000000-0000-4000-8000-000000000000', name: 'Degustacja glo' }] },
  meta: { ts: String(Date.now()) },
}));
const port = Number(process.env.PORT ?? 4499);
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
