import { toSearchKey, type SchoolListItem } from '@console/contract';
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { schoolLabelOf } from '#features/schools/school-label';

/** A school option with its search key ('UAI - Nom - Commune' without accents nor case). */
export type SchoolOption = ComboboxItem & { searchKey: string };

/** The schools the user reaches as options, then the chosen UAIs the list lacks (shown by UAI). */
export function schoolOptionsOf(schools: readonly SchoolListItem[], chosen: readonly string[]): SchoolOption[] {
  const options = schools.map((school) => {
    const label = schoolLabelOf(school);
    return { value: school.UAI, label, searchKey: toSearchKey(label) };
  });
  const known = new Set(options.map((option) => option.value));
  const missing = chosen.filter((uai) => !known.has(uai)).map((uai) => ({ value: uai, label: uai, searchKey: toSearchKey(uai) }));
  return [...options, ...missing];
}

/**
 * Keeps the options holding every typed word, accents and case aside ('ampere lyon' finds
 * '0690002B - Lycée Ampère - Lyon'), at most `limit` of them: 2,000 schools stay quick to search.
 */
export const schoolOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const words = toSearchKey(search).split(/\s+/).filter(Boolean);
  const found: ComboboxParsedItem[] = [];
  for (const option of options) {
    if (found.length >= limit) break;
    if ('group' in option) continue;
    const key = (option as Partial<SchoolOption>).searchKey ?? toSearchKey(option.label);
    if (words.every((word) => key.includes(word))) found.push(option);
  }
  return found;
};
