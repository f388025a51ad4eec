import { REQUIRED, schools, UAI_LENGTH } from '@console/contract';
import { Alert, Button, Checkbox, Group, NativeSelect, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '#lib/forms';
import { useReferenceData } from '../api';
import { useSchoolCreation } from '../hooks/useSchoolCreation';
import { schoolFieldMessages } from '../school-form-errors';
import { LoadingBlock } from '#ui/LoadingBlock';

type Values = {
  uai: string;
  name: string;
  address: string;
  typeOfEstablishment: string;
  sector: 'Privé' | 'Public';
  idCity: string | null;
  isNewCity: boolean;
  nameOfCity: string;
  idCountry: string;
};

const FIELDS = ['uai', 'name', 'address', 'typeOfEstablishment', 'sector', 'idCity', 'nameOfCity', 'idCountry'] as const;
type Field = (typeof FIELDS)[number] | 'form';

/** Messages of fields the form shows stay under them; any other goes under the form. */
function placeMessages(messages: Record<string, string>): Partial<Record<Field, string>> {
  const placed: Partial<Record<Field, string>> = {};
  for (const [field, message] of Object.entries(messages)) {
    const target: Field = (FIELDS as readonly string[]).includes(field) ? (field as Field) : 'form';
    placed[target] ??= message;
  }
  return placed;
}

const EMPTY: Values = {
  uai: '',
  name: '',
  address: '',
  typeOfEstablishment: '',
  sector: 'Privé',
  idCity: null,
  isNewCity: false,
  nameOfCity: '',
  idCountry: '',
};

/** The body the form sends: idCity 0 without a city; a new city with its name and country. */
function bodyOf(values: Values, defaultType: string) {
  const uai = values.uai.trim();
  const state = {
    uai,
    name: values.name,
    address: values.address,
    typeOfEstablishment: Number(values.typeOfEstablishment || defaultType || 1),
    sector: values.sector,
    idCity: !values.isNewCity && values.idCity ? Number(values.idCity) : 0,
    ...(values.isNewCity
      ? { nameOfCity: values.nameOfCity.trim() || undefined, idCountry: values.idCountry ? Number(values.idCountry) : undefined }
      : {}),
  };
  return { uai, isEtabExist: false as const, state };
}

/**
 * The form's own rules on top of the contract's: an empty UAI is missing rather than malformed,
 * and a new city needs both its name and its country.
 */
function ownMessages(values: Values): Partial<Record<Field, string>> {
  return {
    ...(values.uai.trim() ? {} : { uai: REQUIRED }),
    ...(values.isNewCity && !values.nameOfCity.trim() ? { nameOfCity: REQUIRED } : {}),
    ...(values.isNewCity && !values.idCountry ? { idCountry: REQUIRED } : {}),
  };
}

/**
 * Tab 'Établissement étranger': uai, name and address required, the UAI shaped as 7 digits and a
 * letter; a city from the reference data or a new one; sector and type. Checked with the
 * contract's schema first, then by the server, whose field messages land under the same fields.
 */
export function ForeignSchoolForm({ onCreated }: { onCreated: () => void }) {
  const { t, i18n } = useTranslation();
  const reference = useReferenceData();
  const creation = useSchoolCreation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [messages, setMessages] = useState<Partial<Record<Field, string>>>({});

  const types = useMemo(
    () => [...(reference.data?.typeEstab ?? [])].sort((a, b) => a.orderTypeEstab - b.orderTypeEstab),
    [reference.data],
  );
  const defaultType = String(types.find((type) => type.idTypeEstab === 1)?.idTypeEstab ?? types[0]?.idTypeEstab ?? 1);
  const countryNames = useMemo(
    () => new Map((reference.data?.countries ?? []).map((country) => [country.idCountry, country.country])),
    [reference.data],
  );
  const cityOptions = useMemo(
    () =>
      (reference.data?.cities ?? []).map((city) => ({
        value: String(city.idCity),
        label: countryNames.has(city.idCountry) ? `${city.city} (${countryNames.get(city.idCountry)})` : city.city,
      })),
    [reference.data, countryNames],
  );

  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((previous) => ({ ...previous, [field]: value }));
  const messageOf = (field: Field) => (messages[field] ? translateMessage(i18n, messages[field]) : undefined);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schools.createSchoolBodySchema.safeParse(bodyOf(values, defaultType));
    const found = { ...(parsed.success ? {} : placeMessages(schoolFieldMessages(parsed.error.issues))), ...ownMessages(values) };
    if (!parsed.success || Object.keys(found).length > 0) {
      setMessages(found);
      return;
    }
    setMessages({});
    creation.create(parsed.data, { onCreated, onFailed: (failed) => setMessages(placeMessages(failed)) });
  };

  if (reference.isPending) {
    return <LoadingBlock minHeight={160} />;
  }
  if (reference.isError) {
    return (
      <Alert color="red" variant="light">
        {t('global.errors.occurred')}
      </Alert>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            data-autofocus
            required
            label={t('schools.add.foreign.uai')}
            description={t('schools.add.foreign.uai_hint')}
            maxLength={UAI_LENGTH}
            autoComplete="off"
            value={values.uai}
            onChange={(event) => set('uai', event.currentTarget.value)}
            error={messageOf('uai')}
          />
          <TextInput
            required
            label={t('schools.add.foreign.name')}
            maxLength={schools.SCHOOL_TEXT_LIMITS.name}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={messageOf('name')}
          />
        </SimpleGrid>
        <TextInput
          required
          label={t('schools.add.foreign.address')}
          maxLength={schools.SCHOOL_TEXT_LIMITS.address}
          value={values.address}
          onChange={(event) => set('address', event.currentTarget.value)}
          error={messageOf('address')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label={t('schools.add.foreign.type')}
            data={types.map((type) => ({ value: String(type.idTypeEstab), label: type.typeEstab }))}
            value={values.typeOfEstablishment || defaultType}
            onChange={(event) => set('typeOfEstablishment', event.currentTarget.value)}
            error={messageOf('typeOfEstablishment')}
          />
          <Radio.Group
            label={t('schools.add.foreign.sector')}
            value={values.sector}
            onChange={(value) => set('sector', value === 'Public' ? 'Public' : 'Privé')}
            error={messageOf('sector')}
          >
            <Group gap="lg" mt={8}>
              <Radio value="Privé" label={t('schools.add.foreign.private')} />
              <Radio value="Public" label={t('schools.add.foreign.public')} />
            </Group>
          </Radio.Group>
        </SimpleGrid>
        <Checkbox
          label={t('schools.add.foreign.new_city')}
          checked={values.isNewCity}
          onChange={(event) => set('isNewCity', event.currentTarget.checked)}
        />
        {values.isNewCity ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              required
              label={t('schools.add.foreign.city_name')}
              maxLength={schools.SCHOOL_TEXT_LIMITS.place}
              value={values.nameOfCity}
              onChange={(event) => set('nameOfCity', event.currentTarget.value)}
              error={messageOf('nameOfCity')}
            />
            <NativeSelect
              required
              label={t('schools.add.foreign.country')}
              data={[
                { value: '', label: t('schools.add.foreign.choose_country') },
                ...(reference.data?.countries ?? []).map((country) => ({
                  value: String(country.idCountry),
                  label: country.country,
                })),
              ]}
              value={values.idCountry}
              onChange={(event) => set('idCountry', event.currentTarget.value)}
              error={messageOf('idCountry')}
            />
          </SimpleGrid>
        ) : (
          <Select
            label={t('schools.add.foreign.city')}
            placeholder={t('schools.add.foreign.no_city')}
            data={cityOptions}
            value={values.idCity}
            onChange={(value) => set('idCity', value)}
            searchable
            clearable
            limit={50}
            nothingFoundMessage={t('schools.add.foreign.no_city_found')}
            comboboxProps={{ withinPortal: true }}
            error={messageOf('idCity')}
          />
        )}
        {messages.form && (
          <Alert color="red" variant="light" role="alert">
            {translateMessage(i18n, messages.form)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={creation.isPending}>
            {t('schools.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
