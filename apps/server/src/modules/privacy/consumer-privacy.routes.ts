import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { staffCallOf } from '../../plugins/audit-trail.ts';
import { loadProofKey } from './consent-proof.ts';
import * as service from './consumer-privacy.service.ts';

// /api/admin/consumers/{find,history,proof,withdraw} (issue 26, decision 097): the `privacy` role's
// alone (permissions consumers.read and consumers.manage, checked by the one guard).

export type ConsumerPrivacyRouteDeps = Omit<service.ConsumerPrivacyDeps, 'proofKey'> & {
  /** CONSENT_PROOF_KEY's seed; null: the key kept in dataDir. */
  proofKeySeed: Buffer | null;
  dataDir: string;
  production: boolean;
};

function sendFile(reply: FastifyReply, file: service.ProofAnswer) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}

export async function consumerPrivacyRoutes(app: FastifyInstance, o: ConsumerPrivacyRouteDeps) {
  const proofKey = loadProofKey(o.proofKeySeed, o.dataDir);
  if (proofKey.kept && o.production) {
    app.log.warn({ keyId: proofKey.keyId }, 'CONSENT_PROOF_KEY is not set: consent proofs are signed with a key kept in DATA_DIR');
  }
  const deps: service.ConsumerPrivacyDeps = { db: o.db, now: o.now, timezone: o.timezone, proofKey };
  apiRoute(app, 'adminConsumersFind', async (request) => service.find(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminConsumersHistory', async (request) => service.history(deps, staffCallOf(request), request.body));
  apiRoute(app, 'adminConsumersProof', async (request, reply) =>
    sendFile(reply, await service.proof(deps, staffCallOf(request), request.body)),
  );
  apiRoute(app, 'adminConsumersWithdraw', async (request) => service.withdraw(deps, staffCallOf(request), request.body));
}
