import type { GetLocaleTextParams } from 'ag-grid-community';
import type { i18n as I18n } from 'i18next';

/**
 * AG Grid's texts from the translations: the first of the namespaces that holds the key (a view's
 * own texts first, then the shared `grid.locale`), AG Grid's English default otherwise.
 */
export function createLocaleTextGetter(i18n: I18n, namespaces: readonly string[]): (params: GetLocaleTextParams) => string {
  return (params) => {
    for (const namespace of namespaces) {
      const key = `${namespace}.${params.key}`;
      if (i18n.exists(key)) return i18n.t(key);
    }
    return params.defaultValue;
  };
}
