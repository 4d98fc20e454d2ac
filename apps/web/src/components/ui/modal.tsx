import { useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { classNames } from './class-names.ts';
import { useDialogFocus } from './use-dialog-focus.ts';
import { usePresence } from './use-presence.ts';
import './modal.css';

/**
 * centre: a popup in the middle (webform and error popups); sheet: a bottom sheet (choices, confirmations);
 * side: a panel from the left (the menu); full: the whole screen on a phone (the camera).
 */
export type ModalVariant = 'centre' | 'sheet' | 'side' | 'full';

// spec §9: 1000 ms for bottom modals, 600 ms for photo and webform modals (and, ours, the rest). Kept
// here, not in the contract's constants: importing those put them into the login page's chunks.
const CLOSE_MS: Record<ModalVariant, number> = { centre: 600, sheet: 1000, side: 600, full: 600 };

export type ModalProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  variant?: ModalVariant;
  /** false: the content brings its own heading; the title still names the dialog. */
  showTitle?: boolean;
  className?: string;
  backdropClassName?: string;
  id?: string;
};

/**
 * The one modal system: a labelled dialog (aria-modal) that closes on Escape or a tap outside it,
 * traps focus and gives it back. Closed, it stays in the DOM for its close animation, hidden from
 * assistive technology and pointer, then unmounts.
 */
export function Modal({ open, variant = 'centre', ...props }: ModalProps) {
  const closeMs = CLOSE_MS[variant];
  const presence = usePresence(open, closeMs);
  if (!presence.mounted) return null;
  return createPortal(
    <ModalSurface key={presence.generation} {...props} variant={variant} closing={presence.closing} closeMs={closeMs} />,
    document.body,
  );
}

type SurfaceProps = Omit<ModalProps, 'open'> & { variant: ModalVariant; closing: boolean; closeMs: number };

function ModalSurface({
  title,
  onClose,
  children,
  variant,
  showTitle = true,
  className,
  backdropClassName,
  id,
  closing,
  closeMs,
}: SurfaceProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, onClose, !closing);
  const state = closing ? 'closing' : 'open';
  // The side menu and the camera bring their whole look; they take only the open/close motion from here.
  const framed = variant === 'centre' || variant === 'sheet';
  return (
    <div
      className={classNames('modal-layer', framed && 'modal-backdrop', `modal-backdrop--${variant}`, backdropClassName)}
      data-state={state}
      style={{ '--modal-close-ms': `${closeMs}ms` } as CSSProperties}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !closing) onClose();
      }}
    >
      <div
        ref={ref}
        id={id}
        className={classNames('modal-surface', framed && 'modal', `modal--${variant}`, className)}
        data-state={state}
        role="dialog"
        aria-modal="true"
        aria-labelledby={showTitle ? titleId : undefined}
        aria-label={showTitle ? undefined : title}
        // On its way out it is no longer a dialog to anyone: focus, clicks and screen readers pass it by.
        aria-hidden={closing || undefined}
        inert={closing || undefined}
        tabIndex={-1}
      >
        {showTitle ? (
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
        ) : null}
        {children}
      </div>
    </div>
  );
}
