import type { IntegrityPhoto } from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { RaisedFlag } from './integrity-flags.repository.ts';
import { BLANK_PHOTO_MAX_SPREAD, SIMILAR_PHOTO_MAX_BITS } from './integrity-thresholds.ts';
import { hashDistance } from './photo-fingerprints.ts';

// Issue 38 (decision 138): the photo signals, from fingerprints already stored — no SQL, no images.

/** What the signals read of a photo (integrity-photos.repository.ts StoredPhoto). */
export type ComparedPhoto = {
  id: string;
  ident: string;
  created_at: string;
  action_id: string;
  user_id: string;
  sha256: string | null;
  dhash: string | null;
  dhash_crops: string | null;
  spread: number | null;
  action_name: string;
  user_ident: string;
};

/** A photo as a flag's evidence names it; her code is kept, a reader who sees no names gets it masked. */
export function evidencePhoto(p: ComparedPhoto, timeZone: string): IntegrityPhoto {
  return {
    uuid: p.id,
    kind: p.ident,
    takenAt: toWallClock(new Date(p.created_at), timeZone),
    action: { uuid: p.action_id, name: p.action_name },
    promoter: p.user_ident,
  };
}

/**
 * photo_reused: every photo with the same bytes as an earlier one, oldest first in `twins`. Each
 * upload flags all the later twins it sees, not only itself: of two identical uploads at once, the
 * one that looks last sees both, so the later one is flagged exactly once whoever looks first.
 */
export function reusedFlags(twins: readonly ComparedPhoto[], timeZone: string, raisedAt: string): RaisedFlag[] {
  const [original, ...later] = twins;
  if (!original) return [];
  return later.map((p) => ({
    actionId: p.action_id,
    userId: p.user_id,
    kind: 'photo_reused',
    subject: p.id,
    evidence: { photo: evidencePhoto(p, timeZone), matches: evidencePhoto(original, timeZone) },
    raisedAt,
  }));
}

const isBlank = (p: ComparedPhoto) => p.spread !== null && p.spread < BLANK_PHOTO_MAX_SPREAD;

/**
 * photo_similar: the closest earlier photo within SIMILAR_PHOTO_MAX_BITS, the most recent among equals.
 * Photos of the same action never count (the front and rear of one start, the survey's before and
 * after, two promoters at one stand: the same scene, honestly), nor the same bytes (photo_reused),
 * nor blank photos (any two covered cameras look alike; photo_blank says it).
 */
export function closestSimilar(photo: ComparedPhoto, candidates: readonly ComparedPhoto[]) {
  if (!photo.dhash || isBlank(photo)) return null;
  let best: { match: ComparedPhoto; distance: number } | null = null;
  for (const c of candidates) {
    if (!c.dhash || isBlank(c) || c.action_id === photo.action_id || c.id === photo.id) continue;
    // Only earlier photos: the backfill fingerprints an old photo when later ones are already there.
    if (c.created_at > photo.created_at || (c.created_at === photo.created_at && c.id > photo.id)) continue;
    if (c.sha256 !== null && c.sha256 === photo.sha256) continue;
    const distance = lookDistance(photo, c);
    if (distance > SIMILAR_PHOTO_MAX_BITS) continue;
    if (!best || distance < best.distance || (distance === best.distance && c.created_at > best.match.created_at))
      best = { match: c, distance };
  }
  return best;
}

const cropsOf = (p: ComparedPhoto) => (p.dhash_crops ? p.dhash_crops.split(' ') : []);

/**
 * How far apart two photos look: their whole pictures' hashes, or one's whole picture against the
 * other's centre zoomed in (photo-fingerprints.ts CROP_SHARES) — a re-shot from a screen of the earlier
 * one, or the earlier one a re-shot of the later's source — whichever is closest.
 */
export function lookDistance(a: ComparedPhoto, b: ComparedPhoto): number {
  if (!a.dhash || !b.dhash) return Infinity;
  let best = hashDistance(a.dhash, b.dhash);
  for (const crop of cropsOf(b)) best = Math.min(best, hashDistance(a.dhash, crop));
  for (const crop of cropsOf(a)) best = Math.min(best, hashDistance(crop, b.dhash));
  return best;
}

export function similarFlag(
  photo: ComparedPhoto,
  candidates: readonly ComparedPhoto[],
  timeZone: string,
  raisedAt: string,
): RaisedFlag | null {
  const closest = closestSimilar(photo, candidates);
  if (!closest) return null;
  return {
    actionId: photo.action_id,
    userId: photo.user_id,
    kind: 'photo_similar',
    subject: photo.id,
    evidence: { hashDistance: closest.distance, photo: evidencePhoto(photo, timeZone), matches: evidencePhoto(closest.match, timeZone) },
    raisedAt,
  };
}

/** photo_blank: an almost uniform picture (a covered camera, a photo of the pocket). */
export function blankFlag(photo: ComparedPhoto, timeZone: string, raisedAt: string): RaisedFlag | null {
  if (!isBlank(photo)) return null;
  return {
    actionId: photo.action_id,
    userId: photo.user_id,
    kind: 'photo_blank',
    subject: photo.id,
    evidence: { photo: evidencePhoto(photo, timeZone) },
    raisedAt,
  };
}
