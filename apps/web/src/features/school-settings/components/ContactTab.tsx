import { schoolSettings } from '@console/contract';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EditAndSave, type EditableField, type FieldChanges } from '#ui/EditAndSave';
import { ErrorAlert } from '#ui/ErrorAlert';
import { LoadingBlock } from '#ui/LoadingBlock';
import { issueAt } from '#lib/forms';
import { useSchoolContact, useUpdateSchoolContact } from '../api';
import { ContactPeople } from './ContactPeople';
import { SchoolLogo } from './SchoolLogo';

// Leaflet loads with the contact tab only.
const SchoolMap = lazy(() => import('./SchoolMap').then((module) => ({ default: module.SchoolMap })));

/** The card's own fields: phone and website, under the names of the call's field errors. */
function contactFields(t: (key: string) => string, contact: schoolSettings.SchoolContact): EditableField[] {
  const check = (name: 'phone' | 'url') => (value: string) =>
    issueAt(schoolSettings.schoolContactUpdateSchema, { [name]: value }, name);
  return [
    {
      name: 'phone',
      label: t('school_settings.contact.fields.phone'),
      value: contact.phone,
      validate: check('phone'),
      placeholder: t('school_settings.not_set'),
    },
    {
      name: 'url',
      label: t('school_settings.contact.fields.url'),
      value: contact.url,
      validate: check('url'),
      placeholder: t('school_settings.not_set'),
    },
  ];
}

/**
 * The contact tab (spec 2 §2.14): the school's name, UAI and address, its logo (replaced by an
 * Administrateur only), phone and website (with the edit-and-save pattern; 'http://' added to a
 * website's link when it names no scheme), the people to contact, and its place on a map.
 */
export function ContactTab({ uai }: { uai: string }) {
  const { t } = useTranslation();
  const contact = useSchoolContact(uai);
  const update = useUpdateSchoolContact(uai);
  if (contact.isPending) return <LoadingBlock />;
  if (contact.isError) return <ErrorAlert />;
  const card = contact.data;
  const notSet = (
    <Text span c="dimmed" fs="italic" inherit>
      {t('school_settings.not_set')}
    </Text>
  );
  const address = [card.address, [card.zip, card.town].filter(Boolean).join(' ')].filter((part) => part.trim() !== '').join(', ');
  return (
    <Stack gap="xl" maw={900}>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <SchoolLogo uai={uai} contact={card} />
        <Stack component="dl" gap={4} m={0}>
          {[
            ['name', card.name],
            ['uai', card.uai],
            ['address', address],
          ].map(([key, value]) => (
            <Group key={key} gap="xs" wrap="nowrap">
              <Text component="dt" fw={600} size="sm">
                {t(`school_settings.contact.fields.${key}`)} :
              </Text>
              <Text component="dd" size="sm" m={0}>
                {value ? value : notSet}
              </Text>
            </Group>
          ))}
          <Group gap="xs" wrap="nowrap">
            <Text component="dt" fw={600} size="sm">
              {t('school_settings.contact.fields.url')} :
            </Text>
            <Text component="dd" size="sm" m={0}>
              {card.url ? (
                <Anchor href={schoolSettings.websiteHref(card.url)} target="_blank" rel="noopener noreferrer">
                  {card.url}
                </Anchor>
              ) : (
                notSet
              )}
            </Text>
          </Group>
        </Stack>
      </Group>
      <EditAndSave
        fields={contactFields(t, card)}
        onSave={(changes: FieldChanges) => update.mutateAsync(changes)}
        label={t('school_settings.contact.details')}
        canEdit={card.abilities.canEdit}
      />
      <ContactPeople uai={uai} contacts={card.contacts} canEdit={card.abilities.canEdit} />
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('school_settings.contact.map')}
        </Title>
        <Suspense fallback={<LoadingBlock />}>
          <SchoolMap name={card.name} latitude={card.latitude} longitude={card.longitude} />
        </Suspense>
      </Stack>
    </Stack>
  );
}
