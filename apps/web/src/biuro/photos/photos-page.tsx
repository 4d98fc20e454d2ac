import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { appDay } from '../../lib/dates/app-time-zone.ts';
import { useCan } from '../auth/use-can.ts';
import { EmptyState, ErrorState, LoadingState } from '../components/data-states.tsx';
import { FilterBar, SearchFilter, SelectFilter, TextFilter } from '../components/filter-bar.tsx';
import { TerritoryFilter } from '../components/territory-filter.tsx';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import { PhotoDialog } from './photo-dialog.tsx';
import { PhotoTile } from './photo-tile.tsx';
import { KIND_OPTIONS, PHOTOS_VIEW, photosListBody, photosPeriod, type LibraryPhoto } from './photos-view.ts';
import { usePhotoPages, type PhotoPages } from './use-photo-pages.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import './photos.css';

const t = pl.biuroPhotos;

/**
 * /biuro/zdjecia (issue 38, decision 138): every start, end and survey photo of the reports in her
 * scope as thumbnails, newest first, filtered in the address, a page more at a time; one opens full
 * size. The brand's client gets approved reports' photos without names, and no promoter filter.
 */
export function PhotosPage() {
  const seesNames = useCan('promoters.read');
  const canReview = useCan('reports.review');
  const { view, setFilter, clearFilters } = useTableUrlState(PHOTOS_VIEW);
  const filters = view.filters;
  const today = appDay(new Date());
  const period = photosPeriod(filters, today);
  const body = photosListBody(filters, today, seesNames);
  const pages = usePhotoPages(body);
  const [opened, setOpened] = useState<{ photo: LibraryPhoto | null; open: boolean }>({ photo: null, open: false });

  usePageTitle(t.title);

  return (
    <section aria-labelledby="photos-title">
      <div className="biuro-page-head">
        <h1 id="photos-title">{t.title}</h1>
      </div>
      <p className="biuro-muted">{canReview ? t.intro : t.clientIntro}</p>
      <FilterBar onClear={clearFilters}>
        <TextFilter type="date" label={t.from} value={period.from} onChange={(value) => setFilter('od', value)} />
        <TextFilter type="date" label={t.to} value={period.to} onChange={(value) => setFilter('do', value)} />
        <TerritoryFilter label={t.territory} value={filters.terytorium} onChange={(value) => setFilter('terytorium', value)} />
        <PointFilter chosen={filters.punkt} photos={pages.photos} onClear={() => setFilter('punkt', '')} />
        {seesNames ? <SearchFilter label={t.promoter} value={filters.promotor} onChange={(value) => setFilter('promotor', value)} /> : null}
        <SearchFilter label={t.event} value={filters.wydarzenie} onChange={(value) => setFilter('wydarzenie', value)} />
        <SelectFilter label={t.kind} value={filters.rodzaj} onChange={(value) => setFilter('rodzaj', value)} options={KIND_OPTIONS} />
        <label className="filter-bar__item filter-bar__item--check">
          <input
            type="checkbox"
            checked={filters.oznaczone === '1'}
            onChange={(event) => setFilter('oznaczone', event.target.checked ? '1' : '')}
          />
          {t.flaggedOnly}
        </label>
      </FilterBar>
      {body ? (
        <PhotoGrid
          pages={pages}
          onOpen={(photo) => setOpened({ photo, open: true })}
          onOnlyPoint={filters.punkt ? undefined : (point) => setFilter('punkt', point.uuid)}
        />
      ) : (
        <p className="biuro-alert" role="alert">
          {t.toBeforeFrom}
        </p>
      )}
      <PhotoDialog photo={opened.photo} open={opened.open} onClose={() => setOpened((old) => ({ ...old, open: false }))} />
    </section>
  );
}

/**
 * 'Punkt': set from a thumbnail's point (every role sees its name; only planners may list the register),
 * shown by the name its photos carry, cleared here.
 */
function PointFilter({ chosen, photos, onClear }: { chosen: string; photos: readonly LibraryPhoto[]; onClear: () => void }) {
  const name = photos.find((photo) => photo.point?.uuid === chosen)?.point?.name ?? t.chosenPoint;
  return (
    <div className="filter-bar__item filter-bar__item--wide">
      <span className="filter-bar__label">{t.point}</span>
      {chosen ? (
        <span className="photos-point-chip">
          {name}
          <button type="button" aria-label={t.clearPoint(name)} onClick={onClear}>
            ×
          </button>
        </span>
      ) : (
        <span className="biuro-muted">{t.anyPoint}</span>
      )}
    </div>
  );
}

type GridProps = {
  pages: PhotoPages;
  onOpen: (photo: LibraryPhoto) => void;
  onOnlyPoint: ((point: { uuid: string; name: string }) => void) | undefined;
};

function PhotoGrid({ pages, onOpen, onOnlyPoint }: GridProps) {
  if (pages.status === 'loading') return <LoadingState />;
  if (pages.status === 'failed' && pages.photos.length === 0) return <ErrorState message={pages.message ?? ''} onRetry={pages.retry} />;
  if (pages.photos.length === 0) return <EmptyState text={t.empty} />;
  return (
    <>
      <p className="biuro-muted photos-count" role="status">
        {t.shown(pages.photos.length)}
      </p>
      <ul className="photos-grid">
        {pages.photos.map((photo) => (
          <PhotoTile key={photo.uuid} photo={photo} onOpen={onOpen} onOnlyPoint={onOnlyPoint} />
        ))}
      </ul>
      <div className="photos-more">
        {pages.status === 'failed' ? <ErrorState message={pages.message ?? ''} onRetry={pages.retry} /> : null}
        {pages.hasMore && pages.status !== 'failed' ? (
          <Button variant="secondary" busy={pages.status === 'more'} onClick={pages.loadMore}>
            {pages.status === 'more' ? t.loadingMore : t.more}
          </Button>
        ) : null}
        {!pages.hasMore ? <p className="biuro-muted">{t.allShown}</p> : null}
      </div>
    </>
  );
}
