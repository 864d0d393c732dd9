import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Spinner } from '../../../../components/Spinner.tsx';
import type { PassCardProps } from './PassCard.tsx';

// The QR code's library comes with the pass, not with the event page (issue 33).
const PassCard = lazy(() => import('./PassCard.tsx'));

/** A booked session's pass for the door: a button that opens the QR code and its text (issue 33). */
export function PassButton(props: PassCardProps) {
  const { t } = useTranslation('events');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className="button button--small button--block session__pass-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('pass.hide') : t('pass.show')}
      </button>
      <div id={id} hidden={!open}>
        {open && (
          <Suspense fallback={<Spinner />}>
            <PassCard {...props} />
          </Suspense>
        )}
      </div>
    </>
  );
}
