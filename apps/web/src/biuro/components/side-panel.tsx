import type { ReactNode } from 'react';
import { Modal } from '../../components/ui/modal.tsx';
import * as pl from '../../i18n/pl.ts';
import './side-panel.css';

/**
 * A panel from the right edge over the table (create, edit): the app's one modal system, so it is a
 * labelled dialog that takes focus, keeps Tab inside, closes on Escape and gives focus back.
 */
export function SidePanel({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal open={open} title={title} onClose={onClose} className="side-panel" backdropClassName="side-panel-backdrop">
      <button type="button" className="side-panel__close" onClick={onClose} aria-label={pl.biuro.panel.close}>
        ×
      </button>
      {children}
    </Modal>
  );
}
