/**
 * The users grid's own filter models (AG Grid Community has no set filter): a 0/1 choice for
 * 'boolean' columns, and Option1's set of option names matched over all the user's options.
 */

/** Keeps the rows whose cell is this 0 or 1. */
export type BooleanFilterModel = { filterType: 'boolean'; value: 0 | 1 };

export const OPTION_OPERATORS = ['OR', 'AND'] as const;
export type OptionOperator = (typeof OPTION_OPERATORS)[number];

/** Keeps the rows whose options contain any (OR) or all (AND) of these names. */
export type OptionFilterModel = { filterType: 'set'; values: string[]; operator: OptionOperator };

export function isBooleanFilterModel(model: unknown): model is BooleanFilterModel {
  const candidate = model as Partial<BooleanFilterModel> | null;
  return candidate?.filterType === 'boolean' && (candidate.value === 0 || candidate.value === 1);
}

export function isOptionFilterModel(model: unknown): model is OptionFilterModel {
  const candidate = model as Partial<OptionFilterModel> | null;
  return (
    candidate?.filterType === 'set' &&
    Array.isArray(candidate.values) &&
    candidate.values.every((value) => typeof value === 'string') &&
    (candidate.operator === 'AND' || candidate.operator === 'OR')
  );
}

/** Whether a 0/1 cell passes the filter (an empty cell counts as 0). */
export function passesBooleanFilter(value: unknown, model: BooleanFilterModel): boolean {
  return (value === 1 || value === true ? 1 : 0) === model.value;
}

/** Whether a user's options (every option column) contain any (OR) or all (AND) of the chosen names. */
export function passesOptionFilter(options: readonly string[], model: OptionFilterModel): boolean {
  if (model.values.length === 0) return true;
  return model.operator === 'AND'
    ? model.values.every((value) => options.includes(value))
    : model.values.some((value) => options.includes(value));
}

/** The model for a choice of names: null (no filter) when none is chosen. */
export function toOptionFilterModel(values: readonly string[], operator: OptionOperator): OptionFilterModel | null {
  return values.length === 0 ? null : { filterType: 'set', values: [...values], operator };
}
