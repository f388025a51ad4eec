import { compareFrench } from '@console/contract';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

type SelectWithAddProps = {
  label: string;
  value: string;
  choices: readonly string[];
  /** The first entry, for no value ('no class', or 'choose a level'). */
  emptyLabel: string;
  /** The Add button's accessible name ('Ajouter un niveau'). */
  addLabel: string;
  /** The label of the input a new value is typed in ('Nouveau niveau'). */
  newValueLabel: string;
  isRequired?: boolean;
  error?: string;
  onChange: (value: string) => void;
};

/** A select of existing values with an Add button that types a new one in its place. */
export function SelectWithAdd({
  label,
  value,
  choices,
  emptyLabel,
  addLabel,
  newValueLabel,
  isRequired,
  error,
  onChange,
}: SelectWithAddProps) {
  const { t } = useTranslation();
  const [isAdding, setIsAdding] = useState(false);
  const [text, setText] = useState('');
  const values = value === '' || choices.includes(value) ? choices : [...choices, value].sort(compareFrench);

  const close = () => {
    setIsAdding(false);
    setText('');
  };
  const confirm = () => {
    const added = text.trim().replace(/\s+/g, ' ');
    if (added !== '') onChange(added);
    close();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      confirm();
    } else if (event.key === 'Escape') {
      close();
    }
  };

  if (isAdding) {
    return (
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={newValueLabel}
          value={text}
          maxLength={100}
          autoFocus
          // Escape cancels the new value without closing the panel around it.
          data-mantine-stop-propagation="true"
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={handleKeyDown}
        />
        <Button onClick={confirm}>{t('users.add.confirm_new')}</Button>
        <Button variant="default" onClick={close}>
          {t('users.add.cancel_new')}
        </Button>
      </Group>
    );
  }

  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <NativeSelect
        style={{ flex: 1 }}
        label={label}
        required={isRequired}
        error={error}
        value={value}
        data={[{ value: '', label: emptyLabel }, ...values.map((choice) => ({ value: choice, label: choice }))]}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <Button
        variant="light"
        aria-label={addLabel}
        title={addLabel}
        leftSection={<IconPlus size={16} aria-hidden />}
        // Level with the select under its label.
        style={{ marginTop: 'calc(var(--mantine-font-size-sm) * var(--mantine-line-height) + 2px)' }}
        onClick={() => setIsAdding(true)}
      >
        {t('users.add.add')}
      </Button>
    </Group>
  );
}
