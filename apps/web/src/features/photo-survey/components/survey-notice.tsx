import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useLastPresent } from '../../../components/ui/use-presence.ts';
import * as pl from '../../../i18n/pl.ts';

const t = pl.photoSurvey;

type SurveyNoticeProps = { outcome: 'sent' | 'queued' | null; onClose: () => void };

/** spec §2/§4: 'Dziękujemy' once both photos were accepted; ours (decision 062): the note that it waits in the phone. */
export function SurveyNotice({ outcome, onClose }: SurveyNoticeProps) {
  const shown = useLastPresent(outcome); // keeps its text during the close animation
  if (!shown) return null;
  return (
    <Modal open={outcome !== null} title={shown === 'sent' ? t.thanks : t.queuedTitle} onClose={onClose}>
      <p>{shown === 'sent' ? t.saved : t.queued}</p>
      <div className="modal__actions">
        <Button onClick={onClose}>{t.close}</Button>
      </div>
    </Modal>
  );
}
