import type { TFunction } from 'i18next';
import { formatDate } from '#lib/format';

/** A filter as AG Grid's text, number or date filter model holds it: the parts a chip shows. */
type FilterModel = {
  filterType?: string;
  type?: string | null;
  filter?: unknown;
  filterTo?: unknown;
  dateFrom?: string | null;
  dateTo?: string | null;
};

/** A filter's day as AG Grid gives it ('2026-03-12 00:00:00'), shown short in the language. */
function formatDay(value: string, language: string): string {
  return formatDate(value.replace(' ', 'T'), language);
}

/** A value between the language's quotation marks. */
export function quoteFilterValue(value: string, language: string): string {
  return language === 'en' ? `“${value}”` : `« ${value} »`;
}

/**
 * What an active text, number or date filter keeps, for its chip: « contient Complété »,
 * « avant 01/09/2025 »... The operator's name is AG Grid's text under `grid.locale`.
 */
export function describeFilter(model: unknown, t: TFunction, language: string): string {
  const filter = (model ?? {}) as FilterModel;
  const operator = filter.type ? t(`grid.locale.${filter.type}`, { defaultValue: filter.type }).toLocaleLowerCase(language) : '';
  let value = '';
  if (filter.filterType === 'date') {
    value = [filter.dateFrom, filter.type === 'inRange' ? filter.dateTo : null]
      .filter((date): date is string => typeof date === 'string')
      .map((date) => formatDay(date, language))
      .join(' – ');
  } else if (filter.filter !== undefined && filter.filter !== null) {
    value = [filter.filter, filter.type === 'inRange' ? filter.filterTo : null]
      .filter((part) => part !== undefined && part !== null)
      .map(String)
      .join(' – ');
  }
  return [operator, value ? quoteFilterValue(value, language) : ''].filter(Boolean).join(' ');
}
