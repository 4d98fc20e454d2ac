import type { FastifyInstance } from 'fastify';
import type { WebformCataloguesResponse } from '@promotor/contract';
import { apiRoute } from '../../lib/api-route.ts';

/** The answer, read by loadCatalogues when the app is built (a bad file stops the start, not a request). */
export type CataloguesDeps = { catalogues: WebformCataloguesResponse };

// spec §7 "An event-data call is triggered but its path is not shown": /webform/catalogues (decision 065).
export async function cataloguesRoutes(app: FastifyInstance, deps: CataloguesDeps) {
  apiRoute(app, 'webformCatalogues', async () => deps.catalogues);
}
