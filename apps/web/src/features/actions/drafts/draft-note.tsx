import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmSheet } from '../../../components/ui/confirm-sheet.tsx';
import * as pl from '../../../i18n/pl.ts';

const t = pl.actionDraft;

/** 'Usunąć wpisane dane?' before a draft is thrown away: a mistaken tap must not cost her two photos. */
export function DiscardSheet({ open, onConfirm, onCancel }: { open: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmSheet
      open={open}
      title={t.question}
      description={t.description}
      confirmLabel={t.confirm}
      busy={false}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/** Over a form opened with her draft: says so, and offers to start afresh (decision 076). */
export function DraftNote({ onClear }: { onClear: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="note draft-note" role="status">
      <p>{t.restored}</p>
      <Button variant="text" onClick={() => setAsking(true)}>
        {t.clear}
      </Button>
      <DiscardSheet
        open={asking}
        onConfirm={() => {
          setAsking(false);
          onClear();
        }}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
