import type { IntegrityFlagKind, IntegrityPhoto } from '@promotor/contract';
import * as pl from '../../i18n/pl.ts';
import type { ReportFlag } from '../api/admin-types.ts';

// A plausibility flag in words (issue 38, decision 138): its kind and the evidence's numbers, as the
// catalogue phrases them. A number the evidence lacks leaves the kind's own words.

const t = pl.biuroIntegrity;

/** '2026-11-03 10:02:00' → '10:02'. */
const hourOf = (wall: string | undefined) => (wall ? wall.slice(11, 16) : null);

/** '2026-11-03 10:02:00' → '3.11' (the day a matched photo was taken). */
export function shortDay(wall: string): string {
  const [, m = '', d = ''] = wall.slice(0, 10).split('-');
  return `${Number(d)}.${m}`;
}

const matchedIn = (photo: IntegrityPhoto | undefined) => (photo ? { action: photo.action.name, day: shortDay(photo.takenAt) } : null);

// The contract's WEAK_INTEGRITY_FLAG_KINDS sits in a zod module the web app does not load (decision 021):
// the same list, shown as weak evidence rather than a fault.
const WEAK_KINDS: readonly IntegrityFlagKind[] = ['weak_fix'];
export const isWeak = (flag: Pick<ReportFlag, 'kind'>) => WEAK_KINDS.includes(flag.kind);

export function flagSentence(flag: Pick<ReportFlag, 'kind' | 'evidence'>): string {
  const e = flag.evidence;
  switch (flag.kind) {
    case 'check_in_far':
      return e.distanceMeters === undefined ? t.kinds.check_in_far : t.checkInFar(e.distanceMeters, e.accuracyMeters ?? null);
    case 'weak_fix':
      return e.accuracyMeters === undefined ? t.kinds.weak_fix : t.weakFix(e.accuracyMeters);
    case 'teleport':
      return e.speedKmh === undefined ? t.kinds.teleport : t.teleport(e.speedKmh, hourOf(e.fixes?.[0]?.at), hourOf(e.fixes?.at(-1)?.at));
    case 'frozen_fixes':
      if (e.frozen === 'zero_accuracy') return t.frozenZero;
      if (e.frozen === 'replayed')
        return t.frozenReplayed(e.count ?? 0, e.replayOf?.action.name ?? null, e.replayOf ? shortDay(e.replayOf.day) : null);
      if (e.frozen === 'same_accuracy') return t.frozenSame(e.accuracyMeters ?? null);
      return e.count === undefined ? t.kinds.frozen_fixes : t.frozenIdentical(e.count);
    case 'clock_skew':
      return e.skewSeconds === undefined ? t.kinds.clock_skew : t.clockSkew(e.skewSeconds);
    case 'left_point':
      return e.minutes === undefined ? t.kinds.left_point : t.leftPoint(e.minutes, e.distanceMeters ?? null);
    case 'photo_reused': {
      const m = matchedIn(e.matches);
      return m ? t.photoReused(m.action, m.day) : t.kinds.photo_reused;
    }
    case 'photo_similar': {
      const m = matchedIn(e.matches);
      return m ? t.photoSimilar(m.action, m.day, e.hashDistance ?? null) : t.kinds.photo_similar;
    }
    case 'photo_blank':
      return t.photoBlank;
  }
}
