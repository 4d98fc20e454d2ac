import { useCallback, useEffect, useMemo, useState } from 'react';
import { adminCall } from '../api/admin-api.ts';
import { errorMessage } from '../lib/error-message.ts';
import { exceptionKey, type LiveException } from './live-view.ts';

// 'Sprawdzone' (issue 33 item 10, decision 117): kept on the server, one queue for the coordinators of a
// territory, each check with who and when. A mark made here shows at once and stays until an answer of
// the live day says it (the next poll, asked right after the server took it).

type Checked = LiveException['checked'];

/** The exceptions with the marks made here over the last answer's, and how to set one. */
export function useCheckedExceptions(exceptions: LiveException[], me: { uuid: string; name: string }, reload: () => void) {
  const [marks, setMarks] = useState<ReadonlyMap<string, Checked>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  // A new answer is the truth: the marks it already holds are no longer ours to show.
  useEffect(() => {
    setMarks((old) => {
      const kept = new Map(
        [...old].filter(([key, mark]) => exceptions.some((e) => exceptionKey(e) === key && (e.checked === null) !== (mark === null))),
      );
      return kept.size === old.size ? old : kept;
    });
  }, [exceptions]);

  const shown = useMemo(
    () => exceptions.map((e) => (marks.has(exceptionKey(e)) ? { ...e, checked: marks.get(exceptionKey(e)) ?? null } : e)),
    [exceptions, marks],
  );
  const set = useCallback(
    (exception: LiveException, checked: boolean) => {
      const key = exceptionKey(exception);
      const mark = (value: Checked) => setMarks((old) => new Map(old).set(key, value));
      setFailure(null);
      mark(checked ? { by: me, at: new Date().toISOString() } : null);
      const body = {
        exception: {
          kind: exception.kind,
          action: { uuid: exception.action.uuid },
          promoter: { uuid: exception.promoter.uuid },
          since: exception.since,
        },
        checked,
      };
      adminCall('/admin/live/check', body).then(
        (answer) => {
          mark(answer.checked);
          reload();
        },
        (error: unknown) => {
          setMarks((old) => new Map([...old].filter(([other]) => other !== key)));
          setFailure(errorMessage(error));
        },
      );
    },
    [me, reload],
  );
  return { exceptions: shown, set, failure };
}
