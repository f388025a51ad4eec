import { Avatar, Button, FileButton, Group, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../PasswordField';
import { notifyFailure } from '../notify-failure';
import { SECRET_MASK, type EditableField } from './fields';

type EditableInputProps = {
  field: EditableField;
  /** The value shown: being edited, else saved. */
  value: string;
  isEditing: boolean;
  /** The field's error, translated; undefined when there is none. */
  message: string | undefined;
  /** The id its error gets where the input does not place it itself (a switch). */
  errorId: string;
  inputRef: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
  onChange: (value: string) => void;
  /** Whether the file picked for an image field is being uploaded. */
  isUploading: boolean;
  onFile: (file: File | null) => void;
  /** Asks for a secret's stored value. */
  onReveal: () => Promise<void>;
};

/**
 * One field of the edit-and-save form, by its kind: a switch, an image address with its file
 * picker, a choice, or a text. Read-only (filled) out of edit mode and when locked.
 */
export function EditableInput({
  field,
  value,
  isEditing,
  message,
  errorId,
  inputRef,
  onChange,
  isUploading,
  onFile,
  onReveal,
}: EditableInputProps) {
  const { t } = useTranslation();
  const isReadOnly = !isEditing || field.locked === true;
  const shared = {
    label: field.label,
    placeholder: field.placeholder,
    readOnly: isReadOnly,
    variant: isEditing ? 'default' : 'filled',
    error: message,
  };
  if (field.toggle) {
    // Mantine writes a switch's error inside its label, which would make it part of the name: it is written beside it.
    return (
      <Stack gap={4}>
        <Switch
          ref={inputRef}
          label={field.label}
          checked={value === 'true'}
          // A switch has no read-only state a screen reader announces: out of edit mode it is disabled.
          disabled={isReadOnly}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          onChange={(event) => onChange(String(event.currentTarget.checked))}
        />
        {message && (
          <Text id={errorId} size="xs" c="red.8">
            {message}
          </Text>
        )}
      </Stack>
    );
  }
  if (field.secret) {
    return (
      <SecretInput
        field={field}
        value={value}
        isEditing={isEditing && field.locked !== true}
        message={message}
        inputRef={inputRef}
        onChange={onChange}
        onReveal={onReveal}
      />
    );
  }
  if (field.upload) {
    return (
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Avatar src={value || null} alt="" size={48} radius="sm" aria-hidden />
        <TextInput
          ref={inputRef}
          {...shared}
          value={value}
          autoComplete="off"
          spellCheck={false}
          style={{ flex: 1 }}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {!isReadOnly && (
          <FileButton accept={field.upload.accept} onChange={onFile}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={isUploading}
                aria-label={t('settings.choose_image_for', { label: field.label })}
              >
                {t('settings.choose_image')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
    );
  }
  if (field.choices) {
    return (
      <Select
        ref={inputRef}
        {...shared}
        data={field.choices.map((choice) => ({ ...choice }))}
        value={value}
        allowDeselect={false}
        onChange={(chosen) => onChange(chosen ?? field.value)}
      />
    );
  }
  const text = { ...shared, value, autoComplete: 'off', spellCheck: false };
  return field.multiline ? (
    <Textarea ref={inputRef} {...text} autosize minRows={2} onChange={(event) => onChange(event.currentTarget.value)} />
  ) : (
    <TextInput ref={inputRef} {...text} onChange={(event) => onChange(event.currentTarget.value)} />
  );
}

type SecretInputProps = Pick<
  EditableInputProps,
  'field' | 'value' | 'isEditing' | 'message' | 'inputRef' | 'onChange' | 'onReveal'
>;

/**
 * A secret (spec 2 §2.13's Wi-Fi password, an API key): masked until "Afficher" asks the server
 * for it; typed in a password input in edit mode; copied to the clipboard by its copy button.
 */
function SecretInput({ field, value, isEditing, message, inputRef, onChange, onReveal }: SecretInputProps) {
  const { t } = useTranslation();
  const [isBusy, setIsBusy] = useState(false);
  const secret = field.secret!;
  const canReveal = secret.isSet && !secret.isRevealed;
  const reveal = async () => {
    setIsBusy(true);
    try {
      await onReveal();
    } finally {
      setIsBusy(false);
    }
  };
  const copy = async () => {
    setIsBusy(true);
    try {
      const text = secret.isRevealed ? value : await secret.reveal();
      await navigator.clipboard.writeText(text);
      notifications.show({ color: 'teal', message: secret.copiedMessage });
    } catch (error) {
      notifyFailure(error, t);
    } finally {
      setIsBusy(false);
    }
  };
  const buttons = (
    <>
      {canReveal && (
        <Button
          variant="default"
          loading={isBusy}
          onClick={() => void reveal()}
          aria-label={t('settings.secret.reveal_for', { label: field.label })}
        >
          {t('settings.secret.reveal')}
        </Button>
      )}
      {secret.copiedMessage && secret.isSet && !isEditing && (
        <Button
          variant="default"
          loading={isBusy}
          onClick={() => void copy()}
          aria-label={t('settings.secret.copy_for', { label: field.label })}
        >
          {t('settings.secret.copy')}
        </Button>
      )}
    </>
  );
  if (isEditing) {
    return (
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <PasswordField
          ref={inputRef as (element: HTMLInputElement | null) => void}
          label={field.label}
          value={value}
          placeholder={canReveal ? t('settings.secret.unchanged') : undefined}
          error={message}
          autoComplete="new-password"
          style={{ flex: 1 }}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {buttons}
      </Group>
    );
  }
  const shown = secret.isRevealed ? value : secret.isSet ? SECRET_MASK : '';
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <TextInput
        ref={inputRef}
        label={field.label}
        value={shown}
        placeholder={t('settings.secret.not_set')}
        readOnly
        variant="filled"
        error={message}
        autoComplete="off"
        spellCheck={false}
        style={{ flex: 1 }}
      />
      {buttons}
    </Group>
  );
}
