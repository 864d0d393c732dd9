import { useTranslation } from 'react-i18next';

export default function Placeholder() {
  const { t } = useTranslation('console');
  return (
    <div className="console-page">
      <h1>{t('titles.notFound')}</h1>
    </div>
  );
}
