import type { ProfileChoice } from '@console/contract';
import { Button, Group, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PROFILE_LABEL_KEYS } from '#features/schools/profile-labels';
import type { AddUserDraft, DraftField } from './add-user-draft';
import type { AddUserChoices } from './add-user-lists';
import { SelectWithAdd } from './SelectWithAdd';

type TextField = 'firstName' | 'lastName' | 'login' | 'password' | 'tabletNumber' | 'comment' | 'email';

type AddUserFieldsProps = {
  draft: AddUserDraft;
  choices: AddUserChoices;
  profiles: readonly ProfileChoice[];
  isEmailRequired: boolean;
  isGenerating: boolean;
  /** The translated message of a field, if any. */
  messageOf: (field: DraftField) => string | undefined;
  onTextChange: (field: TextField, value: string) => void;
  onNameBlur: (field: 'firstName' | 'lastName') => void;
  onLoginBlur: () => void;
  onGeneratePassword: () => void;
  onProfileChange: (profile: AddUserDraft['profile']) => void;
  onLevelChange: (level: string) => void;
  onClassChange: (className: string) => void;
  onSubjectChange: (subject: string) => void;
};

/** The add-user panel's left column (spec 3 §2.4): identity, access, profile and schooling. */
export function AddUserFields(props: AddUserFieldsProps) {
  const { draft, choices, profiles, messageOf, onTextChange } = props;
  const { t } = useTranslation();
  const text = (field: TextField) => ({
    value: draft[field],
    error: messageOf(field),
    onChange: (event: { currentTarget: { value: string } }) => onTextChange(field, event.currentTarget.value),
  });

  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        required
        label={t('users.add.first_name')}
        maxLength={100}
        {...text('firstName')}
        onBlur={() => props.onNameBlur('firstName')}
      />
      <TextInput
        required
        label={t('users.add.last_name')}
        maxLength={100}
        {...text('lastName')}
        onBlur={() => props.onNameBlur('lastName')}
      />
      <TextInput
        required
        label={t('users.add.login')}
        maxLength={100}
        autoComplete="off"
        {...text('login')}
        onBlur={props.onLoginBlur}
      />
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          required
          label={t('users.add.password')}
          maxLength={128}
          autoComplete="new-password"
          {...text('password')}
        />
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={props.isGenerating}
          // Level with the input under its label.
          style={{ marginTop: 'calc(var(--mantine-font-size-sm) * var(--mantine-line-height) + 2px)' }}
          onClick={props.onGeneratePassword}
        >
          {t('users.add.generate_password')}
        </Button>
      </Group>
      <NativeSelect
        required
        label={t('users.add.profile')}
        value={draft.profile}
        error={messageOf('profile')}
        data={[
          { value: '', label: t('users.add.choose_profile') },
          ...profiles.map((profile) => ({ value: profile.Nom, label: t(PROFILE_LABEL_KEYS[profile.Nom]) })),
        ]}
        onChange={(event) => props.onProfileChange(event.currentTarget.value as AddUserDraft['profile'])}
      />
      <SelectWithAdd
        isRequired
        label={t('users.add.level')}
        value={draft.level}
        choices={choices.levels}
        emptyLabel={t('users.add.choose_level')}
        addLabel={t('users.add.add_level')}
        newValueLabel={t('users.add.new_level')}
        error={messageOf('level')}
        onChange={props.onLevelChange}
      />
      <SelectWithAdd
        label={t('users.add.class')}
        value={draft.class}
        choices={choices.classes}
        emptyLabel={t('users.add.no_class')}
        addLabel={t('users.add.add_class')}
        newValueLabel={t('users.add.new_class')}
        error={messageOf('class')}
        onChange={props.onClassChange}
      />
      <TextInput label={t('users.add.tablet_number')} maxLength={12} {...text('tabletNumber')} />
      <Textarea label={t('users.add.comment')} maxLength={500} rows={3} resize="vertical" {...text('comment')} />
      <SelectWithAdd
        label={t('users.add.subject')}
        value={draft.subject}
        choices={choices.subjects}
        emptyLabel={t('users.add.no_subject')}
        addLabel={t('users.add.add_subject')}
        newValueLabel={t('users.add.new_subject')}
        error={messageOf('subject')}
        onChange={props.onSubjectChange}
      />
      <TextInput type="email" required={props.isEmailRequired} label={t('users.add.email')} maxLength={254} {...text('email')} />
    </Stack>
  );
}
