import type { ComponentProps, ReactNode } from 'react';
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

/**
 * A dialog in the middle of the page (a photo full size): the same modal system. The back office's
 * pages reach the app's Modal through this one module, so its build keeps it in a chunk of its own
 * and shares no file with the app's (vite-plugins/production-build.test.ts; a second importer split
 * the app's modal.css out whole).
 */
export function CentredDialog(props: ComponentProps<typeof Modal>) {
  return <Modal {...props} />;
}
