import type { ReactNode } from 'react';
import { Modal } from './Modal.tsx';

/**
 * A question before an action that cannot be taken back (cancel a booking, remove a friend, withdraw): the modal
 * dialog with its body, a safe answer that has the focus when it opens, and the action. Escape, the close button
 * and the backdrop answer no; focus goes back to the control that asked.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  confirmDisabled = false,
  tone = 'danger',
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The action runs: its button is disabled and says so. */
  busy?: boolean;
  /** The action needs more first (a password). */
  confirmDisabled?: boolean;
  tone?: 'danger' | 'primary';
}) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      {open && (
        <>
          {children}
          <div className="modal__actions">
            <button type="button" className="button button--outline" onClick={onCancel} data-autofocus>
              {cancelLabel}
            </button>
            <button
              type="button"
              className={`button button--${tone}`}
              disabled={busy || confirmDisabled}
              aria-busy={busy || undefined}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
