import { Avatar, Button, FileButton, Group, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EditableField } from './fields';

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
