import {
  cleanName,
  makeLoginUnique,
  nameRulesOf,
  proposeLogin,
  strengthenForStaff,
  type School,
  type SchoolUser,
} from '@console/contract';
import { Alert, Button, Drawer, Group, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '#lib/forms';
import { fetchGeneratedPasswords, useProfiles } from '../api';
import type { UsersGridHandle } from '../users-view';
import { AddUserCredentialsDialog } from './AddUserCredentialsDialog';
import { AddUserFields } from './AddUserFields';
import {
  checkDraft,
  EMPTY_DRAFT,
  isEmailRequired,
  isLoginTakenIn,
  type AddUserDraft,
  type DraftField,
  type DraftMessages,
} from './add-user-draft';
import { addUserChoicesOf } from './add-user-lists';
import { ApplicationsPicker } from './ApplicationsPicker';
import { OptionsPicker } from './OptionsPicker';
import { useAddUserFlow } from './useAddUserFlow';

type AddUserPanelProps = {
  isOpened: boolean;
  school: School & { users: SchoolUser[] };
  grid: RefObject<UsersGridHandle | null>;
  onClose: () => void;
};

const isStaff = (profile: AddUserDraft['profile']) => profile !== '' && profile !== 'Eleve' && profile !== 'Enseignant';

/**
 * The add-user panel (spec 3 §2.4): the user's fields on the left, options and applications on
 * the right. Leaving a name field cleans it and proposes a login unique in the school.
 */
export function AddUserPanel({ isOpened, school, grid, onClose }: AddUserPanelProps) {
  const { t, i18n } = useTranslation();
  const profiles = useProfiles({ isEnabled: isOpened });
  const [draft, setDraft] = useState<AddUserDraft>(EMPTY_DRAFT);
  const [messages, setMessages] = useState<DraftMessages>({});
  const [isLoginEdited, setIsLoginEdited] = useState(false);
  const [generatedPassword, setGeneratedPassword] = useState<string | null>(null);
  const [isGenerating, setIsGenerating] = useState(false);
  const rules = useMemo(() => nameRulesOf(school), [school]);
  const choices = useMemo(() => addUserChoicesOf(school, draft.level), [school, draft.level]);

  const close = () => {
    setDraft(EMPTY_DRAFT);
    setMessages({});
    setIsLoginEdited(false);
    setGeneratedPassword(null);
    onClose();
  };
  const flow = useAddUserFlow({ school, grid, onMessages: setMessages, onCreated: close });

  const update = (changes: Partial<AddUserDraft>, fields: DraftField[]) => {
    setDraft((previous) => ({ ...previous, ...changes }));
    setMessages((previous) =>
      Object.fromEntries(Object.entries(previous).filter(([field]) => !fields.includes(field as DraftField))),
    );
  };
  const messageOf = (field: DraftField) => (messages[field] ? translateMessage(i18n, messages[field]) : undefined);

  const handleNameBlur = (field: 'firstName' | 'lastName') => {
    const next = { ...draft, [field]: cleanName(draft[field], rules[field === 'firstName' ? 'firstname' : 'lastname']) };
    if ((!isLoginEdited || next.login.trim() === '') && next.firstName !== '' && next.lastName !== '') {
      const proposal = proposeLogin(next.firstName, next.lastName, school.informations.extension, rules);
      // Names the login rule leaves nothing of propose nothing: the login is left to type.
      next.login = proposal.stem === '' ? '' : makeLoginUnique(proposal, (login) => isLoginTakenIn(school.users, login));
      setIsLoginEdited(false);
    }
    update(next, next.login === draft.login ? [] : ['login']);
  };

  const handleGeneratePassword = async () => {
    setIsGenerating(true);
    try {
      const [password = ''] = await fetchGeneratedPasswords(1);
      setGeneratedPassword(password);
      update({ password: isStaff(draft.profile) ? strengthenForStaff(password) : password }, ['password']);
    } catch {
      notifications.show({ color: 'red', message: t('global.errors.occurred') });
    } finally {
      setIsGenerating(false);
    }
  };

  const handleProfileChange = (profile: AddUserDraft['profile']) => {
    const isGenerated =
      generatedPassword !== null && [generatedPassword, strengthenForStaff(generatedPassword)].includes(draft.password);
    const password = isGenerated
      ? isStaff(profile)
        ? strengthenForStaff(generatedPassword)
        : generatedPassword
      : draft.password;
    update({ profile, password }, ['profile', 'email']);
  };

  const handleLevelChange = (level: string) => {
    const next = addUserChoicesOf(school, level);
    const existingOptions = new Set(school.options.map((option) => option.name));
    update(
      {
        level,
        class: next.classes.includes(draft.class) ? draft.class : '',
        // Options typed in to be created stay chosen; existing ones only if the level offers them.
        options: draft.options.filter((name) => next.options.includes(name) || !existingOptions.has(name)),
        applicationIds: draft.applicationIds.filter((id) =>
          next.applications.some((application) => application.idApplication === id),
        ),
      },
      ['level', 'class', 'options', 'applications'],
    );
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkDraft(draft, school);
    if (check.messages) {
      setMessages(check.messages);
      return;
    }
    setMessages({});
    void flow.submit(check.values, draft.options, draft.applicationIds);
  };

  return (
    <Drawer
      opened={isOpened}
      onClose={close}
      position="right"
      size={980}
      title={t('users.add.title')}
      closeOnEscape={flow.step === null}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <AddUserFields
              draft={draft}
              choices={choices}
              profiles={profiles.data ?? []}
              isEmailRequired={isEmailRequired(draft.profile, school)}
              isGenerating={isGenerating}
              messageOf={messageOf}
              onTextChange={(field, value) => {
                if (field === 'login') setIsLoginEdited(true);
                update({ [field]: value }, [field]);
              }}
              onNameBlur={handleNameBlur}
              onLoginBlur={() => update({ login: cleanName(draft.login, rules.login) }, [])}
              onGeneratePassword={() => void handleGeneratePassword()}
              onProfileChange={handleProfileChange}
              onLevelChange={handleLevelChange}
              onClassChange={(className) => update({ class: className }, ['class'])}
              onSubjectChange={(subject) => update({ subject }, ['subject'])}
            />
            <Stack gap="md">
              <OptionsPicker
                offered={choices.options}
                chosen={draft.options}
                error={messageOf('options')}
                onChange={(options) => update({ options }, ['options'])}
              />
              <ApplicationsPicker
                offered={choices.applications}
                chosen={draft.applicationIds}
                error={messageOf('applications')}
                onChange={(applicationIds) => update({ applicationIds }, ['applications'])}
              />
            </Stack>
          </SimpleGrid>
          {messages.form && (
            <Alert color="red" variant="light" role="alert">
              {translateMessage(i18n, messages.form)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('users.add.cancel')}
            </Button>
            <Button type="submit" loading={flow.isPending && flow.step === null}>
              {t('users.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {flow.step && (
        <AddUserCredentialsDialog
          groups={flow.step.groups}
          initialValues={flow.step.initialValues}
          messages={flow.credentialMessages}
          isSaving={flow.isPending}
          onConfirm={flow.confirmCredentials}
          onCancel={flow.cancelCredentials}
        />
      )}
    </Drawer>
  );
}
