import type { WebformCatalogues } from '@promotor/contract';
import { createRequest, useRequest, type RequestStatus } from '../../../lib/requests/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { fetchCatalogues } from '../api/webform.api.ts';
import { storeCatalogues } from '../webform-store.ts';

// decision 065: /webform/catalogues answers { version, catalogues }; the app keeps its copy in the
// webform slice (so the form opens at once, offline too) and replaces it only when the version differs.

export const cataloguesRequest = createRequest({
  call: fetchCatalogues,
  onSuccess: (answer) => {
    if (useAppStore.getState().webform.catalogues?.version !== answer.version) storeCatalogues(answer);
  },
});

/** The catalogues kept, refreshed in the background each time the page opens; the load's state when none are kept. */
export function useCatalogues(): { catalogues: WebformCatalogues | null; status: RequestStatus; reload: () => void } {
  const stored = useAppStore((state) => state.webform.catalogues);
  const { status, reload } = useRequest(cataloguesRequest);
  return { catalogues: stored?.catalogues ?? null, status, reload };
}
