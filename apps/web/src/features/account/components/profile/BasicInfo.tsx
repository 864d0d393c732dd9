import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { GENDER } from '@hibi/contract/constants';
import type { MyProfile } from '@hibi/contract/functions/account';
import { Modal } from '../../../../components/Modal.tsx';
import { AccountSection } from '../AccountSection.tsx';
import { DisclosureLabel } from '../Disclosure.tsx';
import { formatHeight, formatWeight } from '../format.ts';
import { EditProfileForm } from './EditProfileForm.tsx';

/** The private basic information (birth year, height, gender, target weight) and its edit form in a dialog. */
export function BasicInfo({ data }: { data: MyProfile }) {
  const { t } = useTranslation('account');
  const [editing, setEditing] = useState(false);
  const info = data.personalInformation;
  const genderText = info.gender === GENDER.male ? t('basic.male') : info.gender === GENDER.female ? t('basic.female') : t('basic.notSet');
  return (
    <AccountSection id="basic-info" title={t('basic.title')} aside={<DisclosureLabel kind="private" />}>
      <dl className="info-list">
        <div>
          <dt>{t('basic.birthYear')}</dt>
          <dd>{info.birthYear === null ? t('basic.notSet') : t('basic.birthYearValue', { year: info.birthYear })}</dd>
        </div>
        <div>
          <dt>{t('basic.height')}</dt>
          <dd>{info.height === null ? t('basic.notSet') : formatHeight(info.height)}</dd>
        </div>
        <div>
          <dt>{t('basic.gender')}</dt>
          <dd>{genderText}</dd>
        </div>
        <div>
          <dt>{t('basic.targetWeight')}</dt>
          <dd>{info.targetWeight === null ? t('basic.notSet') : formatWeight(info.targetWeight)}</dd>
        </div>
      </dl>
      <button type="button" className="button button--outline button--small" onClick={() => setEditing(true)}>
        {t('edit.open')}
      </button>
      <Modal open={editing} title={t('edit.title')} onClose={() => setEditing(false)}>
        {editing && <EditProfileForm data={data} onClose={() => setEditing(false)} />}
      </Modal>
    </AccountSection>
  );
}
