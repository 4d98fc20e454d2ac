import * as pl from '../../i18n/pl.ts';
import type { AdminBody, AdminData } from '../api/admin-types.ts';
import { isDay, periodOf } from '../plan/plan-period.ts';

// 'Zdjęcia' in the address (decision 089), Polish names like the other pages:
// ?od=2026-12-01&do=2026-12-31&terytorium=WAW&rodzaj=start&oznaczone=1

export type PhotosFilter = 'od' | 'do' | 'terytorium' | 'punkt' | 'promotor' | 'wydarzenie' | 'rodzaj' | 'oznaczone';

export const PHOTOS_VIEW = {
  filters: ['od', 'do', 'terytorium', 'punkt', 'promotor', 'wydarzenie', 'rodzaj', 'oznaczone'] as PhotosFilter[],
  sortable: [] as string[],
};

/** Thumbnails per call: a screen and a half of the grid at 1280 px. */
export const PHOTOS_PAGE_SIZE = 60;

export type PhotosBody = AdminBody<'/admin/photos/list'>;
export type LibraryPhoto = AdminData<'/admin/photos/list'>['photos'][number];

/** The contract's PHOTO_LIBRARY_KINDS (not imported: the contract's index would bring zod along). */
export const PHOTO_KINDS = ['start', 'end', 'survey'] as const satisfies readonly NonNullable<PhotosBody['kind']>[];

export const KIND_OPTIONS = PHOTO_KINDS.map((kind) => ({ value: kind, label: pl.biuroPhotos.kinds[kind] ?? kind }));

/** The period of the address; a day missing or broken falls back to the current month's bounds. */
export function photosPeriod(filters: Record<PhotosFilter, string>, today: string): { from: string; to: string } {
  const month = periodOf('miesiac', today);
  return { from: isDay(filters.od) ? filters.od : month.first, to: isDay(filters.do) ? filters.do : month.last };
}

/**
 * The first page's call of a view, or null when its period is backwards. Whoever sees no names (the
 * brand's client) sends no promoter: the server would refuse it.
 */
export function photosListBody(filters: Record<PhotosFilter, string>, today: string, seesNames: boolean): PhotosBody | null {
  const { from, to } = photosPeriod(filters, today);
  if (to < from) return null;
  const body: PhotosBody = { from, to, pageSize: PHOTOS_PAGE_SIZE };
  const territory = filters.terytorium.trim().toUpperCase();
  if (territory) body.territory = territory;
  if (filters.punkt.trim()) body.point = { uuid: filters.punkt.trim() };
  if (seesNames && filters.promotor.trim()) body.promoter = filters.promotor.trim();
  if (filters.wydarzenie.trim()) body.event = filters.wydarzenie.trim();
  const kind = PHOTO_KINDS.find((candidate) => candidate === filters.rodzaj);
  if (kind) body.kind = kind;
  if (filters.oznaczone === '1') body.flagged = true;
  return body;
}

/** A wall time of the API ('YYYY-MM-DD HH:mm:ss') as '01.12.2026 10:00'. */
export function takenText(wall: string): string {
  const [day = '', time = ''] = wall.split(' ');
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y} ${time.slice(0, 5)}`;
}

/** What a thumbnail says of itself: kind, time, point and, for who may see it, her code. */
export function photoCaption(photo: LibraryPhoto): string {
  const t = pl.biuroPhotos;
  const parts = [t.kinds[photo.kind] ?? photo.kind, takenText(photo.takenAt), photo.point?.name ?? t.noPoint];
  if (photo.promoter) parts.push(photo.promoter);
  return parts.join(', ');
}
