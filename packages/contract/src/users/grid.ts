import { z } from 'zod';
import { profileNameSchema } from '../rights-schema.js';
import type { SchoolUser } from '../schools/schemas.js';
import { userIdsSchema } from './schemas.js';

/**
 * The users grid's columns (spec 3 §1, §3): the column definitions `GET /users/headers`
 * answers, the keys (`ColonneBDD`) that name a cell of a grid row, and how a cell's value is read
 * from a row of `GET /schools/{uai}/users`.
 */

/** How a cell is edited: free text, a choice among values, or a 0/1 checkbox. */
export const COLUMN_TYPES = ['text', 'combobox', 'checkbox'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/**
 * How a column is filtered: text, number, date, a 0/1 choice (`boolean`), a set of values
 * (`set`: Option1, over all option columns with the AND/OR choice), or not at all (`none`).
 */
export const FILTER_TYPES = ['text', 'number', 'date', 'boolean', 'set', 'none'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

/** Which part of `PATCH /users/{id}` an edit of the column sends; null when not editable. */
export const MODIFICATION_KEYS = ['informations', 'options', 'applications'] as const;
export type ModificationKey = (typeof MODIFICATION_KEYS)[number];

export const columnDefinitionSchema = z.object({
  ColonneAffichee: z.string(),
  /** True when this caller may edit the column's cells (the column is editable and they hold Table at Ecriture). */
  Editable: z.boolean(),
  /** Shown when the user has no stored layout. */
  Visible: z.boolean(),
  ColonneBDD: z.string(),
  modificationKey: z.enum(MODIFICATION_KEYS).nullable(),
  TypeColonne: z.enum(COLUMN_TYPES),
  TypeFiltre: z.enum(FILTER_TYPES),
  /** The application of an application or code column. */
  idApplication: z.number().int().optional(),
});
export type ColumnDefinition = z.infer<typeof columnDefinitionSchema>;

/**
 * A column of the users grid as code reads it: the spec's wire names (`ColonneBDD`, `TypeColonne`,
 * `Editable`...) stop at the contract, mapped here once, so that no component sees them.
 */
export type GridColumn = {
  /** The key naming the column's cell in a grid row (`ColonneBDD`). */
  key: string;
  /** The header (`ColonneAffichee`). */
  label: string;
  /** True when this caller may edit the column's cells (`Editable`). */
  editable: boolean;
  /** Shown when the user has no stored layout (`Visible`). */
  visible: boolean;
  modificationKey: ModificationKey | null;
  /** How a cell is edited (`TypeColonne`). */
  cellType: ColumnType;
  /** How the column is filtered (`TypeFiltre`). */
  filterType: FilterType;
  /** The application of an application or code column. */
  idApplication?: number;
};

/** The column a definition of `GET /users/headers` describes. */
export function toGridColumn(definition: ColumnDefinition): GridColumn {
  return {
    key: definition.ColonneBDD,
    label: definition.ColonneAffichee,
    editable: definition.Editable,
    visible: definition.Visible,
    modificationKey: definition.modificationKey,
    cellType: definition.TypeColonne,
    filterType: definition.TypeFiltre,
    ...(definition.idApplication !== undefined && { idApplication: definition.idApplication }),
  };
}

/** The definition `GET /users/headers` answers for a column (the spec's names). */
export function toColumnDefinition(column: GridColumn): ColumnDefinition {
  return {
    ColonneAffichee: column.label,
    Editable: column.editable,
    Visible: column.visible,
    ColonneBDD: column.key,
    modificationKey: column.modificationKey,
    TypeColonne: column.cellType,
    TypeFiltre: column.filterType,
    ...(column.idApplication !== undefined && { idApplication: column.idApplication }),
  };
}

/** The fields of a grid row that are columns of their own, in the spec's order. */
export const FIELD_COLUMNS = [
  'id',
  'importNumber',
  'adminMode',
  'uai',
  'lastname',
  'firstname',
  'login',
  'password',
  'level',
  'className',
  'disabled',
  'disabledAt',
  'profile',
  'locked',
  'lastLoginAt',
  'tabletNumber',
  'comment',
  'subject',
  'email',
  'platforms',
] as const;
export type FieldColumn = (typeof FIELD_COLUMNS)[number];

/** The fields a grid cell edit may change (`PATCH /users/{id}` with key `informations`). */
export const EDITABLE_FIELDS = [
  'lastname',
  'firstname',
  'level',
  'className',
  'profile',
  'tabletNumber',
  'comment',
  'subject',
  'email',
  'adminMode',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

export function optionColumnKey(position: number): string {
  return `option${position}`;
}

export function applicationColumnKey(applicationId: number): string {
  return `application:${applicationId}`;
}

export function codeColumnKey(applicationId: number): string {
  return `code:${applicationId}`;
}

export type ParsedColumnKey =
  | { kind: 'field'; field: FieldColumn }
  | { kind: 'option'; position: number }
  | { kind: 'application'; applicationId: number }
  | { kind: 'code'; applicationId: number };

/** What a `ColonneBDD` names, or null for a key no column has. */
export function parseColumnKey(key: string): ParsedColumnKey | null {
  if ((FIELD_COLUMNS as readonly string[]).includes(key)) return { kind: 'field', field: key as FieldColumn };
  const option = /^option([1-9]\d?)$/.exec(key);
  if (option) return { kind: 'option', position: Number(option[1]) };
  const application = /^(application|code):(\d{1,9})$/.exec(key);
  if (application) return { kind: application[1] as 'application' | 'code', applicationId: Number(application[2]) };
  return null;
}

export type CellValue = string | number | null;

/**
 * The value a grid cell shows for a row: booleans as 1/0 (Désactivé, Verrouille), an application
 * as 1 when enabled and 0 otherwise, its code, the n-th option's name, the platforms joined with
 * ', '. The password is never in a row (it is fetched on demand): null.
 */
export function readCellValue(row: SchoolUser, key: string): CellValue {
  const parsed = parseColumnKey(key);
  if (!parsed) return null;
  switch (parsed.kind) {
    case 'option':
      return row.options[parsed.position - 1] ?? null;
    case 'application':
      return row.applications[String(parsed.applicationId)]?.status === 1 ? 1 : 0;
    case 'code':
      return row.applications[String(parsed.applicationId)]?.code ?? null;
    case 'field':
      switch (parsed.field) {
        case 'password':
          return null;
        case 'disabled':
        case 'locked':
          return row[parsed.field] ? 1 : 0;
        case 'platforms':
          return row.platforms.join(', ');
        default:
          return row[parsed.field];
      }
  }
}

// ---------------------------------------------------------------- profiles

export const profileChoiceSchema = z.object({ IDprofil: z.number().int(), Nom: profileNameSchema });
export type ProfileChoice = z.infer<typeof profileChoiceSchema>;

// ---------------------------------------------------------------- passwords

export const decryptPasswordsBodySchema = z.object({
  /** The users whose password to show (ids; never ciphertexts, so that nothing can be replayed). */
  passwords: userIdsSchema,
});
export const decryptPasswordsAnswerSchema = z.object({
  /** null for a user whose password cannot be shown (staff passwords are hashed). */
  passwords: z.array(z.object({ id: z.number().int(), password: z.string().nullable() })),
});
