import { Checkbox, ScrollArea, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toOptionFilterModel, type OptionFilterModel, type OptionOperator } from './filter-models';

type OptionSetFilterEditorProps = {
  /** The school's option names, in order. */
  optionNames: readonly string[];
  model: OptionFilterModel | null;
  onChange: (model: OptionFilterModel | null) => void;
  /** The column's name, for the controls' accessible names. */
  column: string;
};

/** Option1's set filter: a checkbox per option of the school and the AND/OR choice over the user's options. */
export function OptionSetFilterEditor({ optionNames, model, onChange, column }: OptionSetFilterEditorProps) {
  const { t } = useTranslation();
  const [chosenOperator, setChosenOperator] = useState<OptionOperator>(model?.operator ?? 'OR');
  const operator = model?.operator ?? chosenOperator;
  const values = model?.values ?? [];

  const handleOperatorChange = (value: string) => {
    const next = value === 'AND' ? 'AND' : 'OR';
    setChosenOperator(next);
    onChange(toOptionFilterModel(values, next));
  };
  const handleValueChange = (name: string, isChecked: boolean) => {
    const next = isChecked ? [...values, name] : values.filter((value) => value !== name);
    onChange(toOptionFilterModel(next, operator));
  };

  return (
    <Stack gap="xs" role="group" aria-label={t('users.grid.filters.options_label', { column })}>
      <SegmentedControl
        size="xs"
        value={operator}
        onChange={handleOperatorChange}
        aria-label={t('users.grid.filters.option_operator')}
        data={[
          { value: 'OR', label: t('users.grid.filters.operator_or') },
          { value: 'AND', label: t('users.grid.filters.operator_and') },
        ]}
      />
      {optionNames.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('users.grid.filters.no_options')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={240} type="auto">
          <Stack gap={6} pr="sm">
            {optionNames.map((name) => (
              <Checkbox
                key={name}
                size="xs"
                label={name}
                checked={values.includes(name)}
                onChange={(event) => handleValueChange(name, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
