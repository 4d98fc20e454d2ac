import { useState } from 'react';
import * as pl from '../../i18n/pl.ts';
import { ApiError, newIdempotencyKey } from '../../lib/api-client.ts';
import { adminCall } from '../api/admin-api.ts';
import type { ActionCopyConflict, AdminBody, AdminData } from '../api/admin-types.ts';
import { errorMessage } from '../lib/error-message.ts';
import { dayLabel, dayOf } from './plan-period.ts';
import { spanText } from './schedule-timeline.ts';

// One copy call of the back office (decision 127), for an action's copy and a week's: its
// Idempotency-Key per body and intent (a repeated click makes the copies once; going on past conflicts
// is another intent), its conflicts to confirm, and a refusal in words.

type Body = Omit<AdminBody<'/admin/actions/copy'>, 'confirm'>;
type Answer = AdminData<'/admin/actions/copy'>;

export type CopyConflicts = { list: ActionCopyConflict[]; count: number };

export function useCopyActions(onDone: (answer: Answer) => void) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflicts, setConflicts] = useState<CopyConflicts | null>(null);
  const [keys] = useState(() => new Map<string, string>());
  const keyOf = (body: Body, confirm: boolean) => {
    const intent = JSON.stringify([body, confirm]);
    if (!keys.has(intent)) keys.set(intent, newIdempotencyKey());
    return keys.get(intent)!;
  };

  const run = async (body: Body, confirm: boolean) => {
    setBusy(true);
    setFailure(null);
    setConflicts(null);
    try {
      onDone(await adminCall('/admin/actions/copy', { ...body, confirm }, { idempotencyKey: keyOf(body, confirm) }));
    } catch (error) {
      const data =
        error instanceof ApiError ? (error.details as { conflicts?: unknown; conflictCount?: unknown; existing?: unknown }) : undefined;
      if (error instanceof ApiError && error.code === 'E_SCHEDULE_CONFLICT' && Array.isArray(data?.conflicts)) {
        const list = data.conflicts as ActionCopyConflict[];
        setConflicts({ list, count: typeof data.conflictCount === 'number' ? data.conflictCount : list.length });
      } else if (error instanceof ApiError && error.code === 'E_ACTION_EXISTS' && Array.isArray(data?.existing)) {
        const existing = data.existing as { name: string; since: string; until: string }[];
        setFailure(pl.biuroSchedule.copy.exists(existing.map((a) => `„${a.name}” ${dayLabel(dayOf(a.since))} ${spanText(a)}`).join(', ')));
      } else {
        setFailure(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return { run, busy, failure, conflicts, dismissConflicts: () => setConflicts(null) };
}

/** A copy's conflict in words: the copy's day and time first, then what it meets. */
export const copyConflictText = (conflict: ActionCopyConflict, text: string): string =>
  pl.biuroSchedule.copy.conflictOn(`„${conflict.copy.name}” ${dayLabel(dayOf(conflict.copy.since))} ${spanText(conflict.copy)}`, text);
