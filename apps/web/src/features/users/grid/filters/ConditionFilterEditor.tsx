import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ConditionKind = 'text' | 'number' | 'date';

/** The operators offered per kind, as AG Grid's text, number and date filters name them. */
const OPERATORS: Record<ConditionKind, readonly string[]> = {
  text: ['contains', 'notContains', 'equals', 'notEqual', 'startsWith', 'endsWith'],
  number: ['equals', 'notEqual', 'lessThan', 'lessThanOrEqual', 'greaterThan', 'greaterThanOrEqual'],
  date: ['equals', 'before', 'after'],
};

type Draft = { operator: string; value: string };
type ConditionModel = { filterType?: string; type?: string; filter?: unknown; dateFrom?: string | null };

function draftOf(kind: ConditionKind, model: unknown): Draft {
  const condition = (model ?? {}) as ConditionModel;
  const operator = condition.type && OPERATORS[kind].includes(condition.type) ? condition.type : OPERATORS[kind][0]!;
  if (kind === 'date') return { operator, value: condition.dateFrom?.slice(0, 10) ?? '' };
  return { operator, value: condition.filter === undefined || condition.filter === null ? '' : String(condition.filter) };
}

/** AG Grid's model of a condition: null (no filter) for an empty or unreadable value. */
export function toConditionModel(kind: ConditionKind, { operator, value }: Draft): Record<string, unknown> | null {
  const text = value.trim();
  if (text === '') return null;
  if (kind === 'number') {
    const number = Number(text.replace(',', '.'));
    return Number.isFinite(number) ? { filterType: 'number', type: operator, filter: number } : null;
  }
  if (kind === 'date')
    return /^\d{4}-\d{2}-\d{2}$/.test(text)
      ? { filterType: 'date', type: operator, dateFrom: `${text} 00:00:00`, dateTo: null }
      : null;
  return { filterType: 'text', type: operator, filter: value };
}

const sameJson = (left: unknown, right: unknown) => JSON.stringify(left ?? null) === JSON.stringify(right ?? null);

type ConditionFilterEditorProps = {
  kind: ConditionKind;
  model: unknown;
  onChange: (model: Record<string, unknown> | null) => void;
  column: string;
};

/** A text, number or date column's filter outside the grid: an operator and a value, applied as typed. */
export function ConditionFilterEditor({ kind, model, onChange, column }: ConditionFilterEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(kind, model));
  const [seenModel, setSeenModel] = useState<unknown>(model);
  // A filter changed elsewhere (grid, chips) replaces the draft, unless the draft already says it.
  if (!sameJson(model, seenModel)) {
    setSeenModel(model);
    if (!sameJson(model, toConditionModel(kind, draft))) setDraft(draftOf(kind, model));
  }

  const change = (next: Draft) => {
    setDraft(next);
    const nextModel = toConditionModel(kind, next);
    if (!sameJson(nextModel, model)) onChange(nextModel);
  };

  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <NativeSelect
        size="xs"
        w={150}
        aria-label={t('users.grid.filters.operator_label', { column })}
        value={draft.operator}
        onChange={(event) => change({ ...draft, operator: event.currentTarget.value })}
        data={OPERATORS[kind].map((operator) => ({ value: operator, label: t(`grid.locale.${operator}`) }))}
      />
      <TextInput
        size="xs"
        flex={1}
        type={kind === 'date' ? 'date' : 'text'}
        inputMode={kind === 'number' ? 'decimal' : undefined}
        aria-label={t('users.grid.filters.value_label', { column })}
        value={draft.value}
        onChange={(event) => change({ ...draft, value: event.currentTarget.value })}
      />
    </Group>
  );
}
