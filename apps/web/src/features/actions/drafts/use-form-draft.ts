import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../../store/app-store.ts';
import { deleteDraft, draftsAvailable, loadDraft, saveDraft } from './draft-store.ts';

// The draft of a start or end form (decision 076): read once when the form opens, kept while she fills
// it in, gone when she sends or discards it. Leaving the page (back link, menu, reload, another app)
// keeps it.

export type DraftForm = 'start' | 'end';

/** A pause in her typing before the draft is written (two photos are rewritten with every write). */
const KEEP_AFTER_MS = 400;

const warn = (error: unknown) => console.warn('action form: draft not kept', error);

export type FormDraft<D> = {
  /** False while the draft is read (the form waits: no flash of an empty form, no typing to be lost). */
  ready: boolean;
  /** The draft found when the form opened; null for a fresh form. */
  restored: D | null;
  /** Changes when the form starts afresh ('Wyczyść formularz'): the form's key. */
  generation: number;
  /** Keeps these values (null: nothing worth keeping, so no draft). Written after a pause, or when she leaves. */
  keep: (draft: D | null) => void;
  /** The form was sent or she gave it up: the draft is deleted and nothing more is kept. */
  discard: () => Promise<void>;
  /** 'Wyczyść formularz': the draft is deleted and the form starts afresh, kept again from now on. */
  reset: () => void;
};

/** One draft per promoter, form and action. */
export function useFormDraft<D>(form: DraftForm, actionUuid: string): FormDraft<D> {
  const ident = useAppStore((state) => state.user.profile?.ident ?? null);
  const key = ident !== null && draftsAvailable() ? `${ident}/${form}/${actionUuid}` : null;
  const [state, setState] = useState<{ ready: boolean; restored: D | null; generation: number }>(() => ({
    ready: key === null,
    restored: null,
    generation: 0,
  }));
  const writer = useDraftWriter(key);

  useEffect(() => {
    if (key === null) return;
    let current = true;
    loadDraft<D>(key).then(
      (restored) => current && setState((previous) => ({ ...previous, ready: true, restored })),
      (error: unknown) => {
        warn(error);
        if (current) setState((previous) => ({ ...previous, ready: true }));
      },
    );
    return () => {
      current = false;
    };
  }, [key]);

  const reset = () => {
    writer.forget();
    setState((previous) => ({ ready: true, restored: null, generation: previous.generation + 1 }));
  };
  return { ...state, keep: writer.keep, discard: writer.discard, reset };
}

/** Writes after a pause, at once when the page is hidden or the form goes away; never after a discard. */
function useDraftWriter(key: string | null) {
  const pending = useRef<{ draft: unknown } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopped = useRef(false);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next === null || key === null || stopped.current) return;
    (next.draft === null ? deleteDraft(key) : saveDraft(key, next.draft)).catch(warn);
  }, [key]);

  useEffect(() => {
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const keep = (draft: unknown) => {
    if (stopped.current) return;
    pending.current = { draft };
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, KEEP_AFTER_MS);
  };
  const forget = () => {
    clearTimeout(timer.current);
    pending.current = null;
    if (key !== null) deleteDraft(key).catch(warn);
  };
  const discard = async () => {
    stopped.current = true;
    clearTimeout(timer.current);
    pending.current = null;
    if (key !== null) await deleteDraft(key).catch(warn);
  };
  return { keep, discard, forget };
}

/** Calls `keep` with the form's values whenever they change (not for the values it opened with). */
export function useKeepDraft<V, D>(draft: FormDraft<D>, values: V, toDraft: (values: V) => D | null): void {
  const opened = useRef(values);
  useEffect(() => {
    if (values === opened.current) return;
    draft.keep(toDraft(values));
    // Only a change of the values is news: keep and toDraft do the same work on every render.
  }, [values]);
}
