import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '#lib/i18n';
import { useChooseLanguage } from '#features/preferences/hooks/useChooseLanguage';

/** The interface language, from the top bar: the current one's code, and a menu of the others (kept with the account). */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const chooseLanguage = useChooseLanguage();
  const current = LANGUAGES.find((language) => language === i18n.language) ?? DEFAULT_LANGUAGE;
  const code = current.toUpperCase();
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={200}>
      <Menu.Target>
        {/* The name starts with the code the button shows (WCAG 2.5.3, label in name). */}
        <Button
          variant="default"
          px="xs"
          leftSection={<IconLanguage size={18} stroke={1.6} aria-hidden />}
          aria-label={t('shell.language_menu', { code })}
        >
          {code}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('preferences.language.label')}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            aria-current={language === current ? 'true' : undefined}
            leftSection={<IconCheck size={16} aria-hidden style={{ visibility: language === current ? 'visible' : 'hidden' }} />}
            onClick={() => chooseLanguage(language)}
          >
            <span lang={language}>{t(`preferences.language.${language}`)}</span>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
