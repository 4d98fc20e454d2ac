import type { ActionPoint } from '@promotor/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import * as pl from '../../../i18n/pl.ts';
import { formatPointChoice } from '../action-format.ts';

export type LocationChooserProps = {
  open: boolean;
  points: readonly ActionPoint[];
  onChoose: (point: ActionPoint) => void;
  onClose: () => void;
};

/** spec §2 Popups: the location chooser, one button per action point (ID name, street, postal code, city); a bottom sheet. */
export function LocationChooser({ open, points, onChoose, onClose }: LocationChooserProps) {
  return (
    <Modal open={open} variant="sheet" title={pl.actionDetail.chooseLocation} onClose={onClose}>
      <ul className="location-chooser">
        {points.map((point) => (
          <li key={point.uuid}>
            <Button variant="secondary" block onClick={() => onChoose(point)}>
              {formatPointChoice(point)}
            </Button>
          </li>
        ))}
      </ul>
      <div className="modal__actions">
        <Button variant="text" onClick={onClose}>
          {pl.cancel}
        </Button>
      </div>
    </Modal>
  );
}
