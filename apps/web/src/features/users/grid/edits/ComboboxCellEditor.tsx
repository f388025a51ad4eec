import type { CellValue } from '@console/contract';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { UsersGridRow } from '../grid-rows';

export type ComboboxChoice = { value: string; label: string };

/** What a combobox column gives its editor. */
export type ComboboxEditorParams = {
  /** Read when editing starts: the values offered then (the school's users change). */
  getChoices: () => ComboboxChoice[];
  /** A free text with suggestions (Niveau, Classe, Matière) rather than a closed list (Profil, options). */
  isFreeText: boolean;
  label: string;
};

/**
 * A combobox cell editor: a text input with the school's values as suggestions, or a closed list.
 * Plain elements, so that the grid's keys (Enter saves, Escape cancels) work as in a text cell.
 */
export function ComboboxCellEditor({
  value,
  initialValue,
  onValueChange,
  getChoices,
  isFreeText,
  label,
}: CustomCellEditorProps<UsersGridRow, CellValue> & ComboboxEditorParams) {
  const listId = useId();
  // A closed list keeps the cell's own value even when it is not offered, so that Enter changes nothing.
  const [choices] = useState(() => {
    const offered = getChoices();
    const initial = initialValue === null || initialValue === undefined ? '' : String(initialValue);
    return isFreeText || offered.some((choice) => choice.value === initial)
      ? offered
      : [{ value: initial, label: initial || '—' }, ...offered];
  });
  const field = useRef<HTMLInputElement & HTMLSelectElement>(null);
  useEffect(() => field.current?.focus(), []);
  const text = value === null || value === undefined ? '' : String(value);

  if (isFreeText) {
    return (
      <>
        <input
          ref={field}
          className="users-grid-editor"
          aria-label={label}
          list={listId}
          value={text}
          onChange={(event) => onValueChange(event.currentTarget.value)}
        />
        <datalist id={listId}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value} />
          ))}
        </datalist>
      </>
    );
  }
  return (
    <select
      ref={field}
      className="users-grid-editor"
      aria-label={label}
      value={text}
      onChange={(event) => onValueChange(event.currentTarget.value)}
    >
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
