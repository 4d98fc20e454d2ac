import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/api-route.ts';
import { loadCatalogues } from './catalogues.service.ts';

export type CataloguesDeps = { cataloguesFile: string };

// spec §7 "An event-data call is triggered but its path is not shown": /webform/catalogues (decision 065).
export async function cataloguesRoutes(app: FastifyInstance, deps: CataloguesDeps) {
  // Read at registration, so a bad file stops the start (buildApp throws) rather than the first request.
  const answer = loadCatalogues(deps.cataloguesFile);
  apiRoute(app, 'webformCatalogues', async () => answer);
}
