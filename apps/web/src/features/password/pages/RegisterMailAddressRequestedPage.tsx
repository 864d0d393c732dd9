import { useTranslation } from '../../../lib/i18n/react.tsx';
import { EMAIL_LINK_LIFETIME_MS } from '@hibi/contract/constants';
import { SentNotice } from '../components/SentNotice.tsx';
import '../password.css';

export default function RegisterMailAddressRequestedPage() {
  const { t } = useTranslation('password');
  return (
    <SentNotice
      title={t('registerRequested.title')}
      text={t('registerRequested.text', { minutes: Math.round(EMAIL_LINK_LIFETIME_MS / 60000) })}
      afterwards={t('registerRequested.afterwards')}
    />
  );
}
