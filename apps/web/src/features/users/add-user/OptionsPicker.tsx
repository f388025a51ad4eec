import { compareFrench, isSameText } from '@console/contract';
import { Checkbox, Fieldset, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type OptionsPickerProps = {
  offered: readonly string[];
  chosen: readonly string[];
  error?: string;
  onChange: (chosen: string[]) => void;
};

/**
 * The options of a new user, sorted by name, with a search-or-create box: typing a name no option
 * has offers to tick it, which creates it with the user.
 */
export function OptionsPicker({ offered, chosen, error, onChange }: OptionsPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const wanted = search.trim().replace(/\s+/g, ' ');
  const names = [...offered, ...chosen.filter((name) => !offered.some((offer) => isSameText(offer, name)))].sort(compareFrench);
  const visible =
    wanted === '' ? names : names.filter((name) => name.toLocaleLowerCase('fr').includes(wanted.toLocaleLowerCase('fr')));
  const isNew = wanted !== '' && !names.some((name) => isSameText(name, wanted));

  const toggle = (name: string, isChecked: boolean) =>
    onChange(isChecked ? [...chosen, name] : chosen.filter((candidate) => candidate !== name));

  return (
    <Fieldset legend={t('users.add.options')}>
      <Stack gap="xs">
        <TextInput
          label={t('users.add.search_option')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {isNew && (
          <Checkbox
            label={t('users.add.create_option', { name: wanted })}
            checked={false}
            onChange={() => {
              toggle(wanted, true);
              setSearch('');
            }}
          />
        )}
        <ScrollArea.Autosize mah={220} type="auto">
          <Stack gap={6}>
            {visible.map((name) => (
              <Checkbox
                key={name}
                label={name}
                checked={chosen.includes(name)}
                onChange={(event) => toggle(name, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {visible.length === 0 && !isNew && (
          <Text size="sm" c="dimmed">
            {t('users.add.no_options')}
          </Text>
        )}
        {error && (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
