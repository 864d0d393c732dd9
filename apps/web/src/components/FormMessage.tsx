import type { ReactNode } from 'react';

/** The message of a form that could not go through, announced as it appears; nothing without one. */
export function FormError({ children, id }: { children: ReactNode; id?: string }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className="form-error" role="alert" id={id}>
      {children}
    </p>
  );
}

export interface StatusText {
  text: string;
  error: boolean;
}

/**
 * How an action went (saved, copied, failed), in a live region that is on the page before the message arrives, so
 * screen readers announce it; green for done, red for failed.
 */
export function StatusMessage({ message, id, className = 'status-message' }: { message: StatusText | null; id?: string; className?: string }) {
  return (
    <p id={id} className={className} role="status">
      {message && <span className={message.error ? 'form-error' : 'form-success'}>{message.text}</span>}
    </p>
  );
}
