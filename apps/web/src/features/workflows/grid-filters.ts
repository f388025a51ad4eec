import type { TFunction } from 'i18next';

/** A filter of the grid as its model holds it (text or date filter), the parts the chips show. */
type FilterModel = { filterType?: string; type?: string | null; filter?: unknown; dateFrom?: string | null; dateTo?: string | null };

function formatDay(value: string, language: string): string {
  const date = new Date(value.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR').format(date);
}

/** What an active filter keeps, for its chip: « contient Complété », « avant 01/09/2025 »... */
export function describeFilter(model: unknown, t: TFunction, language: string): string {
  const filter = (model ?? {}) as FilterModel;
  const operator = filter.type ? t(`global_monitoring.grid.${filter.type}`, { defaultValue: filter.type }).toLocaleLowerCase(language) : '';
  let value = '';
  if (filter.filterType === 'date') {
    value = [filter.dateFrom, filter.type === 'inRange' ? filter.dateTo : null]
      .filter((date): date is string => typeof date === 'string')
      .map((date) => formatDay(date, language))
      .join(' – ');
  } else if (filter.filter !== undefined && filter.filter !== null) {
    value = String(filter.filter);
  }
  const quoted = language === 'en' ? `“${value}”` : `« ${value} »`;
  return [operator, value ? quoted : ''].filter(Boolean).join(' ');
}
