import { Button, Fieldset, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, useEffect, useEffectEvent, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '#lib/forms';
import { EditableInput } from './edit-and-save/EditableInput';
import {
  changesOf,
  checkFields,
  groupsOf,
  placedFieldErrors,
  savedValuesOf,
  shownOf,
  shownSavedOf,
  withChange,
  type EditableField,
  type FieldChanges,
  type FieldMessages,
} from './edit-and-save/fields';
import { notifyFailure } from './notify-failure';

export type { EditableField, FieldChanges } from './edit-and-save/fields';

type EditAndSaveProps = {
  fields: readonly EditableField[];
  /**
   * Saves the changed fields only. Its rejection keeps the form in edit mode: an ApiError's field
   * errors show under their fields, any other failure as a toast.
   */
  onSave: (changes: FieldChanges) => Promise<unknown>;
  /** Names the form for assistive technologies (the tab's or card's title). */
  label: string;
  /**
   * A new entry: starts in edit mode and, having no saved values to compare with, sends every
   * field. The owner clears it once saved.
   */
  isNew?: boolean;
  /** Whether the caller may change the values (the 'Modifier' button); read-only otherwise. */
  canEdit?: boolean;
  /** Shown under the form, given the values as they stand (being edited, else saved): e.g. a tester of the rules. */
  renderBelow?: (values: FieldChanges) => ReactNode;
  /** What the success toast says, given the values saved (the settings' generic text by default). */
  successMessage?: (values: FieldChanges) => string;
  /** Called by 'Annuler' after leaving edit mode: a new entry's owner drops it. */
  onCancel?: () => void;
};

/**
 * The settings pages' edit-and-save pattern (spec 2 §2.3): the fields read-only with 'Modifier';
 * in edit mode 'Annuler' (the saved values back) and 'Sauvegarder', which leaves edit mode when
 * nothing changed and otherwise asks for a confirmation listing each change (old → new) before
 * `onSave`. Fields are checked before the confirmation; a failed save keeps what was typed.
 */
export function EditAndSave({
  fields,
  onSave,
  label,
  isNew = false,
  canEdit = true,
  renderBelow,
  successMessage,
  onCancel,
}: EditAndSaveProps) {
  const { t, i18n } = useTranslation();
  // The values being edited; null in view mode.
  const [draft, setDraft] = useState<FieldChanges | null>(() => (isNew ? savedValuesOf(fields) : null));
  const [messages, setMessages] = useState<FieldMessages>({});
  const [pendingChanges, setPendingChanges] = useState<FieldChanges | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const formId = useId();
  const inputs = useRef(new Map<string, HTMLInputElement | HTMLTextAreaElement>());
  const editButton = useRef<HTMLButtonElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);

  const isEditing = draft !== null;
  const valueOf = (field: EditableField) => draft?.[field.name] ?? field.value;
  const focusField = (name: string | undefined) => {
    if (name !== undefined) inputs.current.get(name)?.focus();
  };
  const firstEditable = fields.find((field) => !field.locked)?.name;

  // A new entry was just asked for: its first field is where the user goes on. Once, on mount:
  // later renders must not take the focus back.
  const focusNewEntry = useEffectEvent(() => {
    if (isNew) focusField(firstEditable);
  });
  useEffect(() => focusNewEntry(), []);

  const handleEdit = () => {
    flushSync(() => {
      setDraft(savedValuesOf(fields));
      setMessages({});
    });
    focusField(firstEditable);
  };

  const leaveEditMode = () => {
    flushSync(() => {
      setDraft(null);
      setMessages({});
    });
    editButton.current?.focus();
  };

  const handleCancel = () => {
    leaveEditMode();
    onCancel?.();
  };

  const handleUpload = async (field: EditableField, file: File | null) => {
    if (!file || !field.upload) return;
    setUploading(field.name);
    try {
      const address = await field.upload.send(file);
      handleChange(field.name, address);
      notifications.show({ color: 'teal', message: t('settings.image_uploaded') });
    } catch (error) {
      const placed = placedFieldErrors(error, [{ ...field, name: 'file' }]);
      if (placed.file) setMessages((previous) => ({ ...previous, [field.name]: placed.file! }));
      else notifyFailure(error, t);
    } finally {
      setUploading(null);
    }
  };

  const handleChange = (name: string, value: string) => {
    setDraft((previous) => withChange(fields, previous ?? {}, name, value));
    setMessages(({ [name]: _changed, ...others }) => others);
  };

  // A secret revealed while it is edited: the draft holds the stored value, so that leaving it as
  // it is changes nothing. Its owner gives it as the field's value for the view mode.
  const handleReveal = async (field: EditableField) => {
    if (!field.secret) return;
    try {
      const value = await field.secret.reveal();
      if (draft !== null) setDraft((previous) => (previous === null ? previous : { ...previous, [field.name]: value }));
    } catch (error) {
      notifyFailure(error, t);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft) return;
    const found = checkFields(fields, draft);
    const firstInvalid = fields.find((field) => found[field.name]);
    if (firstInvalid) {
      flushSync(() => setMessages(found));
      focusField(firstInvalid.name);
      return;
    }
    setMessages({});
    const changes = changesOf(fields, draft, isNew);
    if (Object.keys(changes).length === 0) {
      leaveEditMode();
      return;
    }
    setPendingChanges(changes);
  };

  const handleCloseDialog = () => {
    if (isSaving) return;
    flushSync(() => setPendingChanges(null));
    saveButton.current?.focus();
  };

  const handleConfirm = async () => {
    if (!pendingChanges) return;
    setIsSaving(true);
    try {
      await onSave(pendingChanges);
    } catch (error) {
      const placed = placedFieldErrors(error, fields);
      flushSync(() => {
        setIsSaving(false);
        setPendingChanges(null);
        setMessages(placed);
      });
      const firstInvalid = fields.find((field) => placed[field.name]);
      if (firstInvalid) {
        focusField(firstInvalid.name);
      } else {
        notifyFailure(error, t);
        saveButton.current?.focus();
      }
      return;
    }
    flushSync(() => {
      setIsSaving(false);
      setPendingChanges(null);
      setDraft(null);
      setMessages({});
    });
    const savedValues = { ...savedValuesOf(fields), ...pendingChanges };
    notifications.show({ color: 'teal', message: successMessage?.(savedValues) ?? t('settings.update_success') });
    editButton.current?.focus();
  };

  const changedFields = pendingChanges ? fields.filter((field) => field.name in pendingChanges) : [];

  const renderField = (field: EditableField) => (
    <EditableInput
      key={field.name}
      field={field}
      value={valueOf(field)}
      isEditing={isEditing}
      message={messages[field.name] ? translateMessage(i18n, messages[field.name]!) : undefined}
      errorId={`${formId}-${field.name}-error`}
      inputRef={(element) => {
        if (element) inputs.current.set(field.name, element);
        else inputs.current.delete(field.name);
      }}
      onChange={(value) => handleChange(field.name, value)}
      isUploading={uploading === field.name}
      onFile={(file) => void handleUpload(field, file)}
      onReveal={() => handleReveal(field)}
    />
  );

  return (
    <>
      <form onSubmit={handleSubmit} noValidate aria-label={label}>
        <Stack gap="md" maw={760}>
          {groupsOf(fields).map(({ group, members }) =>
            group === undefined ? (
              <Fragment key={members[0]!.name}>{members.map(renderField)}</Fragment>
            ) : (
              <Fieldset key={group} legend={group}>
                <SimpleGrid cols={{ base: 1, sm: Math.min(members.length, 3) }} spacing="md">
                  {members.map(renderField)}
                </SimpleGrid>
              </Fieldset>
            ),
          )}
          {canEdit && (
            <Group justify="flex-end" gap="sm">
              {isEditing ? (
                <>
                  <Button variant="default" onClick={handleCancel}>
                    {t('settings.cancel')}
                  </Button>
                  <Button ref={saveButton} type="submit">
                    {t('settings.save')}
                  </Button>
                </>
              ) : (
                <Button ref={editButton} onClick={handleEdit}>
                  {t('settings.edit')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </form>
      {renderBelow?.(draft ?? savedValuesOf(fields))}
      <Modal
        opened={pendingChanges !== null}
        onClose={handleCloseDialog}
        title={t('settings.confirm_title')}
        size="lg"
        centered
        returnFocus={false}
        closeOnEscape={!isSaving}
        closeOnClickOutside={!isSaving}
      >
        <Stack gap="md">
          <Text size="sm">{t('settings.confirm_intro')}</Text>
          <Stack component="ul" gap="xs" m={0} pl="lg">
            {changedFields.map((field) => (
              <Text component="li" key={field.name} size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={600} inherit>
                  {t('settings.change_label', { label: field.group ? `${field.group} · ${field.label}` : field.label })}
                </Text>{' '}
                <ShownValue value={isNew ? '' : shownSavedOf(field, t)} /> →{' '}
                <ShownValue value={shownOf(field, pendingChanges?.[field.name] ?? '', t)} />
              </Text>
            ))}
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button type="button" variant="default" onClick={handleCloseDialog} disabled={isSaving}>
              {t('settings.cancel')}
            </Button>
            <Button type="button" onClick={() => void handleConfirm()} loading={isSaving} data-autofocus>
              {t('settings.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** A value in the confirmation: as it is, or a visible placeholder when empty. */
function ShownValue({ value }: { value: string }) {
  const { t } = useTranslation();
  if (value === '') {
    return (
      <Text span fs="italic" inherit>
        {t('settings.empty')}
      </Text>
    );
  }
  return (
    <Text span inherit>
      {value}
    </Text>
  );
}
