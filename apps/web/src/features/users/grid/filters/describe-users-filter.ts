import type { TFunction } from 'i18next';
import { describeFilter, quoteFilterValue } from '#ui/grid/describe-filter';
import { isBooleanFilterModel, isOptionFilterModel } from './filter-models';

/** What an active filter of the users grid keeps, for its chip: « = 0 », « « Latin », « Grec » (OU) », « contient … ». */
export function describeUsersFilter(model: unknown, t: TFunction, language: string): string {
  if (isBooleanFilterModel(model)) return `= ${model.value}`;
  if (isOptionFilterModel(model)) {
    const operator = model.operator === 'AND' ? t('grid.locale.andCondition') : t('grid.locale.orCondition');
    return `${model.values.map((value) => quoteFilterValue(value, language)).join(', ')} (${operator})`;
  }
  return describeFilter(model, t, language);
}
