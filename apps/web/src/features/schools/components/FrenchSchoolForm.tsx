import { directory, schools } from '@console/contract';
import { Alert, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api';
import { translateMessage } from '#lib/forms';
import { useDirectorySearch } from '../api';
import { useSchoolCreation } from '../hooks/useSchoolCreation';
import { schoolFieldMessages } from '../school-form-errors';
import { DirectoryResultCard } from './DirectoryResultCard';
import { LoadingIndicator } from '#ui/LoadingBlock';

/** The directory search waits this long after the last key (spec 1 §9). */
export const DIRECTORY_DEBOUNCE_MS = 400;

/**
 * Tab 'Établissement français': searches the education directory and creates the chosen school.
 * Submit stays disabled until a result is chosen; a directory down leaves the dialog usable.
 */
export function FrenchSchoolForm({ onCreated }: { onCreated: () => void }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [debouncedText] = useDebouncedValue(text.trim(), DIRECTORY_DEBOUNCE_MS);
  const search = useDirectorySearch(debouncedText);
  const [chosenUai, setChosenUai] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const creation = useSchoolCreation();

  const isTooShort = debouncedText.length < directory.DIRECTORY_QUERY_MIN_LENGTH;
  const results = isTooShort ? [] : (search.data?.results ?? []);
  const chosen = results.find((record) => record.identifiant_de_l_etablissement === chosenUai);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) return;
    const parsed = schools.createSchoolBodySchema.safeParse({
      uai: chosen.identifiant_de_l_etablissement,
      isEtabExist: true,
      state: chosen,
    });
    if (!parsed.success) {
      setMessage(Object.values(schoolFieldMessages(parsed.error.issues))[0] ?? 'global.errors.occurred');
      return;
    }
    setMessage(null);
    creation.create(parsed.data, {
      onCreated,
      onFailed: (messages) => setMessage(messages.uai ?? messages.form ?? Object.values(messages)[0] ?? 'global.errors.occurred'),
    });
  };

  const isUnavailable = search.error instanceof ApiError && search.error.status === 503;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          data-autofocus
          label={t('schools.add.french.search')}
          description={t('schools.add.french.search_hint')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching ? <LoadingIndicator size="xs" label={t('schools.add.french.searching')} /> : null}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autoComplete="off"
        />
        <div aria-live="polite">
          {search.isError ? (
            <Alert color="red" variant="light">
              {isUnavailable ? t('schools.add.french.unavailable') : t('global.errors.occurred')}
            </Alert>
          ) : search.isSuccess && !isTooShort && results.length === 0 ? (
            <Text size="sm">{t('schools.add.french.no_result')}</Text>
          ) : null}
        </div>
        {results.length > 0 && !search.isError && !isTooShort && (
          <Radio.Group label={t('schools.add.french.results')} value={chosen ? chosenUai : null} onChange={setChosenUai}>
            <Stack gap="xs" mt="xs">
              {results.map((record) => (
                <DirectoryResultCard key={record.identifiant_de_l_etablissement} record={record} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {message && (
          <Alert color="red" variant="light" role="alert">
            {translateMessage(i18n, message)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!chosen} loading={creation.isPending}>
            {t('schools.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
