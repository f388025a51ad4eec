import { schoolSettings } from '@console/contract';
import { Button, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api';
import { firstMessages, translateMessage } from '#lib/forms';
import { ConfirmDialog } from '#ui/ConfirmDialog';
import { notifyFailure } from '#ui/notify-failure';
import { useUpdateSchoolContact } from '../api';

type Person = schoolSettings.ContactPersonInput;
const PERSON_FIELDS = ['firstname', 'lastname', 'poste', 'email', 'phone_pro'] as const;
const EMPTY_PERSON: Person = { firstname: '', lastname: '', poste: '', email: '', phone_pro: '' };

const inputOf = ({ firstname, lastname, poste, email, phone_pro }: Person): Person => ({
  firstname,
  lastname,
  poste,
  email,
  phone_pro,
});

type ContactPeopleProps = { uai: string; contacts: schoolSettings.SchoolContact['contacts']; canEdit: boolean };

/**
 * The people to contact at the school (spec 2 §2.14): a table, 'Non renseigné' for what is
 * missing; with the right to edit, each is added or changed in a dialog and removed after a
 * question. Each change sends the whole list, which the server replaces all or nothing.
 */
export function ContactPeople({ uai, contacts, canEdit }: ContactPeopleProps) {
  const { t } = useTranslation();
  const update = useUpdateSchoolContact(uai);
  // The person being edited: its index, or 'new'; null when the dialog is closed.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const people = contacts.map(inputOf);
  const shown = (value: string) =>
    value === '' ? (
      <Text span c="dimmed" fs="italic" inherit>
        {t('school_settings.not_set')}
      </Text>
    ) : (
      value
    );

  const save = async (list: Person[]) => {
    await update.mutateAsync({ contacts: list });
    notifications.show({ color: 'teal', message: t('school_settings.contact.people_saved') });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} fz="h4">
          {t('school_settings.contact.people')}
        </Title>
        {canEdit && contacts.length < schoolSettings.MAX_CONTACTS && (
          <Button variant="default" onClick={() => setEditing('new')}>
            {t('school_settings.contact.add_person')}
          </Button>
        )}
      </Group>
      {contacts.length === 0 ? (
        <Text size="sm">{t('school_settings.contact.no_people')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                {PERSON_FIELDS.map((field) => (
                  <Table.Th key={field} scope="col">
                    {t(`school_settings.contact.fields.${field}`)}
                  </Table.Th>
                ))}
                {canEdit && (
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('school_settings.contact.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contacts.map((person, index) => (
                <Table.Tr key={person.id}>
                  {PERSON_FIELDS.map((field) => (
                    <Table.Td key={field}>{shown(person[field])}</Table.Td>
                  ))}
                  {canEdit && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={t('school_settings.contact.edit_person', {
                            name: `${person.firstname} ${person.lastname}`,
                          })}
                          onClick={() => setEditing(index)}
                        >
                          {t('settings.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          color="red"
                          aria-label={t('school_settings.contact.remove_person', {
                            name: `${person.firstname} ${person.lastname}`,
                          })}
                          onClick={() => setRemoving(index)}
                        >
                          {t('school_settings.contact.remove')}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing !== null && (
        <PersonDialog
          person={editing === 'new' ? EMPTY_PERSON : people[editing]!}
          isNew={editing === 'new'}
          onClose={() => setEditing(null)}
          onSave={async (person) => {
            await save(
              editing === 'new' ? [...people, person] : people.map((each, index) => (index === editing ? person : each)),
            );
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('school_settings.contact.remove_title')}
        text={
          removing === null
            ? ''
            : t('school_settings.contact.remove_text', {
                name: `${contacts[removing]?.firstname} ${contacts[removing]?.lastname}`,
              })
        }
        confirmLabel={t('school_settings.contact.remove')}
        isPending={update.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const index = removing;
          save(people.filter((_, each) => each !== index))
            .then(() => setRemoving(null))
            .catch((error: unknown) => notifyFailure(error, t));
        }}
      />
    </Stack>
  );
}

type PersonDialogProps = { person: Person; isNew: boolean; onClose: () => void; onSave: (person: Person) => Promise<void> };

/** A person's form in a dialog, checked by the contract's schema before it is sent; the server's field errors placed too. */
function PersonDialog({ person, isNew, onClose, onSave }: PersonDialogProps) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(person);
  const [messages, setMessages] = useState<Record<string, string>>({});
  const [isSaving, setIsSaving] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schoolSettings.contactPersonInputSchema.safeParse(values);
    if (!parsed.success) {
      setMessages(firstMessages(parsed.error.issues));
      return;
    }
    setIsSaving(true);
    try {
      await onSave(parsed.data);
    } catch (error) {
      // The server names a person's field by its place in the list (`contacts.2.email`).
      const placed =
        error instanceof ApiError
          ? Object.fromEntries(
              Object.entries(firstMessages(error.fieldErrors)).flatMap(([path, message]) => {
                const field = path.split('.').at(-1)!;
                return (PERSON_FIELDS as readonly string[]).includes(field) ? [[field, message]] : [];
              }),
            )
          : {};
      if (Object.keys(placed).length > 0) setMessages(placed);
      else notifyFailure(error, t);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={isNew ? t('school_settings.contact.new_person') : t('school_settings.contact.person')}
      size="lg"
      centered
      closeOnEscape={!isSaving}
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={t('school_settings.contact.person')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {PERSON_FIELDS.map((field, index) => (
              <TextInput
                key={field}
                label={t(`school_settings.contact.fields.${field}`)}
                value={values[field]}
                required={field === 'firstname' || field === 'lastname'}
                error={messages[field] ? translateMessage(i18n, messages[field]) : undefined}
                type={field === 'email' ? 'email' : field === 'phone_pro' ? 'tel' : 'text'}
                autoComplete="off"
                data-autofocus={index === 0 ? true : undefined}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((previous) => ({ ...previous, [field]: value }));
                  setMessages(({ [field]: _changed, ...others }) => others);
                }}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              {t('settings.cancel')}
            </Button>
            <Button type="submit" loading={isSaving}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
