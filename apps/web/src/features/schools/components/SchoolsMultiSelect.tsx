import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { userMessageOf } from '#lib/error-messages';
import { ErrorAlert } from '#ui/ErrorAlert';
import { useSchools } from '../api';
import { schoolOptionsFilter, schoolOptionsOf } from '../school-options';

/** Options past this many are reached by typing: 2,000 schools would slow the dropdown down. */
const SCHOOL_OPTIONS_LIMIT = 50;

type SchoolsMultiSelectProps = Omit<
  MultiSelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'filter' | 'limit' | 'hidePickedOptions'
> & {
  /** The chosen UAIs. */
  value: string[];
  onChange: (uais: string[]) => void;
};

/**
 * A choice among the schools the user reaches ('UAI - Nom - Commune'), searched as typed by words,
 * accents and case aside, at most 50 options shown at once; a chosen UAI the list lacks is shown
 * by its UAI. The list loads with the field; while it loads the field waits, and a failure says
 * why in its place. Its texts (label, placeholder, nothing found) are the caller's.
 */
export function SchoolsMultiSelect({ value, onChange, disabled, comboboxProps, ...props }: SchoolsMultiSelectProps) {
  const schools = useSchools();
  const options = useMemo(() => schoolOptionsOf(schools.data ?? [], value), [schools.data, value]);
  if (schools.isError) return <ErrorAlert messageKey={userMessageOf(schools.error).key} />;
  return (
    <MultiSelect
      {...props}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      limit={SCHOOL_OPTIONS_LIMIT}
      filter={schoolOptionsFilter}
      disabled={disabled === true || schools.isPending}
      comboboxProps={{ position: 'bottom-start', ...comboboxProps }}
    />
  );
}
