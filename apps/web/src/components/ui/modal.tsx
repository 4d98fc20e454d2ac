import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { classNames } from './class-names.ts';
import { useDialogFocus } from './use-dialog-focus.ts';
import './modal.css';

export type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
};

/** A popup over the page: a labelled dialog that closes on Escape or a tap outside it. */
export function Modal({ title, onClose, children, className }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, onClose);
  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={ref} className={classNames('modal', className)} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
