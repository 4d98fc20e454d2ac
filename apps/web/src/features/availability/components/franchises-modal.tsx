import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useAppStore } from '../../../store/app-store.ts';

/**
 * spec §2 Calendar: the availability popup 'Current Franchises' with 'OK'. The spec shows no content;
 * it lists her territories (the session's user.territories), where her availability counts (decision 059).
 */
// One array for "none": a selector answering a new [] on every call would re-render without end.
const NO_TERRITORIES: readonly { ident: string }[] = [];

export function FranchisesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const territories = useAppStore((state) => state.user.profile?.territories ?? NO_TERRITORIES);
  return (
    <Modal open={open} title={pl.calendar.franchisesTitle} onClose={onClose}>
      {territories.length > 0 ? (
        <ul className="franchises">
          {territories.map((territory) => (
            <li key={territory.ident}>{territory.ident}</li>
          ))}
        </ul>
      ) : (
        <p className="note">{pl.calendar.noFranchises}</p>
      )}
      <div className="modal__actions">
        <Button onClick={onClose}>{pl.calendar.ok}</Button>
      </div>
    </Modal>
  );
}
