import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { FormError } from '../../../components/FormMessage.tsx';
import { Pager } from '../Pager.tsx';
import { callErrorText } from '../../lib/forms.ts';
import { MEDIA_PAGE_SIZE, useMedia, useUploadMedia, type MediaKind } from '../../lib/media.ts';

export interface PickedMedia {
  /** The upload's id (a reward's image is named by it). */
  id: number;
  url: string;
  fileName: string;
}

const ACCEPT: Record<MediaKind, string> = { image: 'image/jpeg,image/png,image/webp', pdf: 'application/pdf' };
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * The media picker: upload a new file (JPEG, PNG or WebP images, PDF attachments; up to 10 MB, the server re-encodes
 * images and strips their metadata) or choose one uploaded before.
 */
export function MediaPicker({
  kind,
  open,
  onClose,
  onPick,
}: {
  kind: MediaKind;
  open: boolean;
  onClose: () => void;
  onPick: (media: PickedMedia) => void;
}) {
  const { t } = useTranslation('consoleContent');
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const media = useMedia(kind, offset);
  const upload = useUploadMedia();
  const items = media.data?.media ?? [];

  function onFile(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (file.size > MAX_BYTES) return setError(t('media.tooLarge'));
    upload.mutate(file, {
      onSuccess: (answer) => {
        onPick({ id: answer.id, url: answer.url, fileName: answer.fileName });
        onClose();
      },
      onError: (thrown) =>
        setError(
          callErrorText(thrown, {
            unsupportedType: t('media.unsupportedType'),
            notDecodable: t('media.notDecodable'),
            tooLarge: t('media.tooLarge'),
          }),
        ),
    });
  }

  return (
    <Modal open={open} title={t(kind === 'image' ? 'media.titleImage' : 'media.titlePdf')} onClose={onClose}>
      {open && (
        <div className="console-media">
          <div className="field">
            <label htmlFor={inputId}>{t(kind === 'image' ? 'media.uploadImage' : 'media.uploadPdf')}</label>
            <input id={inputId} type="file" accept={ACCEPT[kind]} disabled={upload.isPending} onChange={(e) => onFile(e.target.files?.[0])} />
            <p className="field__hint">{t(kind === 'image' ? 'media.imageHint' : 'media.pdfHint')}</p>
          </div>
          {upload.isPending && <p role="status">{t('media.uploading')}</p>}
          <FormError>{error}</FormError>
          <h3 className="console-media__heading">{t('media.library')}</h3>
          <QueryState query={media} isEmpty={items.length === 0} empty={t('media.empty')} error={t('media.loadError')}>
            <ul className="console-media__grid">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className="console-media__item"
                    onClick={() => {
                      onPick({ id: item.id, url: item.url, fileName: item.fileName });
                      onClose();
                    }}
                  >
                    {item.kind === 'image' ? <img src={item.url} alt="" loading="lazy" /> : <span aria-hidden="true">PDF</span>}
                    <span className="console-media__name">{t('media.choose', { name: item.fileName })}</span>
                  </button>
                </li>
              ))}
            </ul>
            <Pager offset={offset} perPage={MEDIA_PAGE_SIZE} total={media.data?.total ?? 0} onChange={setOffset} />
          </QueryState>
        </div>
      )}
    </Modal>
  );
}
