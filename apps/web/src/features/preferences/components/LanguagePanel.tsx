import { Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '#lib/i18n';
import { useChooseLanguage } from '../hooks/useChooseLanguage';

/** French or English; the switch is immediate and kept with the account for the next sign-in. */
export function LanguagePanel() {
  const { t, i18n } = useTranslation();
  const chooseLanguage = useChooseLanguage();
  // The choice shows at once, while the other language's file may still be loading.
  const [selected, setSelected] = useState(i18n.language);
  const handleChange = (value: string) => {
    setSelected(value);
    chooseLanguage(value as Language);
  };
  return (
    <Radio.Group value={selected} onChange={handleChange} label={t('preferences.language.label')}>
      <Stack gap="sm" mt="sm">
        {LANGUAGES.map((language) => (
          <Radio key={language} value={language} label={<span lang={language}>{t(`preferences.language.${language}`)}</span>} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
