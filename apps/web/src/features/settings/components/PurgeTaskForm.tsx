import { settings } from '@console/contract';
import { Button, Checkbox, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api';
import { formatCount } from '#lib/format';
import { translateMessage } from '#lib/forms';
import { notifyFailure } from '#ui/notify-failure';
import { SchoolsMultiSelect } from '#features/schools/components/SchoolsMultiSelect';
import { usePurgePreview, useSavePurgeTask } from '../api';
import {
  checkPurgeForm,
  newPurgeFormValues,
  previewQueryOf,
  purgeFormMessagesOf,
  purgeFormValuesOf,
  type PurgeFormField,
  type PurgeFormMessages,
  type PurgeFormValues,
} from '../purge-task-fields';

/** The UAI picker's dropdown width (spec 2 §9). */
const SCHOOL_PICKER_WIDTH = 450;
/** The fields in the order the form shows them: the first with a message takes the focus. */
const FIELD_ORDER: readonly PurgeFormField[] = ['eventName', 'startDate', 'platformId', 'intervalField', 'uais', 'enable'];

type PurgeTaskFormProps = {
  /** The task being changed; null for a new one. */
  task: settings.PurgeTask | null;
  platforms: readonly settings.PlatformSetting[];
  /** Closes the form (after a save, or on 'Annuler'). */
  onDone: () => void;
  /** Tells the dialog whether a save is under way (it may not close then). */
  onSavingChange: (isSaving: boolean) => void;
};

/**
 * A purge task's form (spec 2 §2.8): label, start date (now by default, seconds zeroed), platform,
 * frequency (a stored MINUTE kept when editing), the schools (all, or picked) and, when editing,
 * whether it is enabled; with what the next run would clear (beyond the spec). The contract's
 * schema checks it first; the server's field errors then show under their fields, what was typed kept.
 */
export function PurgeTaskForm({ task, platforms, onDone, onSavingChange }: PurgeTaskFormProps) {
  const { t, i18n } = useTranslation();
  const isEditing = task !== null;
  const [values, setValues] = useState<PurgeFormValues>(() =>
    task ? purgeFormValuesOf(task) : newPurgeFormValues(platforms[0]?.idPlateforme ?? null),
  );
  const [messages, setMessages] = useState<PurgeFormMessages>({});
  const save = useSavePurgeTask();
  const preview = usePurgePreview(previewQueryOf(values));
  const idPrefix = useId();
  const idOf = (field: PurgeFormField) => `${idPrefix}-${field}`;

  const platformOptions = useMemo(() => {
    const options = platforms.map((platform) => ({
      value: platform.idPlateforme,
      label: `${platform.name} (${platform.idPlateforme})`,
    }));
    const stored = task?.procedureParameters.arrayPlatforms[0];
    return stored && !options.some((option) => option.value === stored)
      ? [...options, { value: stored, label: stored }]
      : options;
  }, [platforms, task]);

  const frequencyOptions = useMemo(() => {
    const frequencies: readonly settings.PurgeInterval[] =
      task?.intervalField === 'MINUTE' ? ['MINUTE', ...settings.PURGE_FREQUENCIES] : settings.PURGE_FREQUENCIES;
    return frequencies.map((frequency) => ({ value: frequency, label: t(`settings.tokens.frequencies.${frequency}`) }));
  }, [task, t]);

  const handleChange = <F extends keyof PurgeFormValues>(field: F, value: PurgeFormValues[F]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    const cleared: PurgeFormField = field === 'isAllSchools' ? 'uais' : field;
    setMessages(({ [cleared]: _changed, ...others }) => others);
  };

  const showMessages = (found: PurgeFormMessages) => {
    flushSync(() => setMessages(found));
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkPurgeForm(values, isEditing);
    if (!checked.isValid) {
      showMessages(checked.messages);
      return;
    }
    setMessages({});
    onSavingChange(true);
    const request =
      task === null
        ? { eventId: null, body: checked.payload as settings.PurgeTaskCreate }
        : { eventId: task.eventId, body: checked.payload as settings.PurgeTaskUpdate };
    save.mutate(request, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('settings.tokens.saved') });
        onSavingChange(false);
        onDone();
      },
      onError: (error) => {
        onSavingChange(false);
        const placed = error instanceof ApiError ? purgeFormMessagesOf(error.fieldErrors) : {};
        if (Object.keys(placed).length > 0) showMessages(placed);
        else notifyFailure(error, t);
      },
    });
  };

  const messageOf = (field: PurgeFormField) => (messages[field] ? translateMessage(i18n, messages[field]) : undefined);
  const previewQuery = previewQueryOf(values);

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={t(isEditing ? 'settings.tokens.edit_title' : 'settings.tokens.new_title')}
    >
      <Stack gap="md">
        <TextInput
          id={idOf('eventName')}
          label={t('settings.tokens.fields.eventName')}
          required
          data-autofocus
          value={values.eventName}
          onChange={(event) => handleChange('eventName', event.currentTarget.value)}
          error={messageOf('eventName')}
        />
        <TextInput
          id={idOf('startDate')}
          type="datetime-local"
          step={60}
          label={t('settings.tokens.fields.startDate')}
          required
          value={values.startDate}
          onChange={(event) => handleChange('startDate', event.currentTarget.value)}
          error={messageOf('startDate')}
        />
        <Select
          id={idOf('platformId')}
          label={t('settings.tokens.fields.platformId')}
          required
          data={platformOptions}
          value={values.platformId}
          onChange={(value) => handleChange('platformId', value)}
          allowDeselect={false}
          searchable
          error={messageOf('platformId')}
        />
        <Select
          id={idOf('intervalField')}
          label={t('settings.tokens.fields.intervalField')}
          required
          data={frequencyOptions}
          value={values.intervalField}
          onChange={(value) => handleChange('intervalField', (value ?? 'DAY') as settings.PurgeInterval)}
          allowDeselect={false}
          error={messageOf('intervalField')}
        />
        <Checkbox
          label={t('settings.tokens.fields.all_schools')}
          checked={values.isAllSchools}
          onChange={(event) => handleChange('isAllSchools', event.currentTarget.checked)}
        />
        {!values.isAllSchools && (
          <SchoolsMultiSelect
            id={idOf('uais')}
            label={t('settings.tokens.fields.uais')}
            placeholder={values.uais.length === 0 ? t('settings.tokens.fields.uais_placeholder') : undefined}
            required
            value={values.uais}
            onChange={(uais) => handleChange('uais', uais)}
            nothingFoundMessage={t('settings.tokens.no_school_found')}
            comboboxProps={{ width: SCHOOL_PICKER_WIDTH }}
            error={messageOf('uais')}
          />
        )}
        {isEditing && (
          <Switch
            id={idOf('enable')}
            label={t('settings.tokens.fields.enable')}
            checked={values.enable}
            onChange={(event) => handleChange('enable', event.currentTarget.checked)}
            error={messageOf('enable')}
          />
        )}
        <Text size="sm" c="dimmed" aria-live="polite" mih="1.5em">
          {previewQuery !== null && preview.data
            ? t('settings.tokens.preview', {
                tokens: formatCount(preview.data.tokens, i18n.language),
                users: formatCount(preview.data.users, i18n.language),
              })
            : ''}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('settings.tokens.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('settings.tokens.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
