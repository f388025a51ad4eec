import { users, type GridColumn } from '@console/contract';

type FieldColumn = users.FieldColumn;
type ColumnType = users.ColumnType;
type FilterType = users.FilterType;

type FieldColumnSpec = { label: string; type: ColumnType; filter: FilterType; isEditable: boolean; isVisible: boolean };

/**
 * The grid's own columns, in the spec's order (spec 3 §3). Visible is the layout a user gets
 * before they save their own: what staff read and edit every day (names, login, class, profile,
 * the Désactivé column the default filter uses). Hidden: technical ids (ID utilisateur, N° import),
 * the UAI (the grid shows one school), dates and the lock (looked up, not scanned), and the
 * platforms (a summary of the application columns beside it).
 */
const FIELD_COLUMN_SPECS: Record<FieldColumn, FieldColumnSpec> = {
  id: { label: 'ID utilisateur', type: 'text', filter: 'number', isEditable: false, isVisible: false },
  importNumber: { label: 'N° import', type: 'text', filter: 'number', isEditable: false, isVisible: false },
  adminMode: { label: 'Mode admin', type: 'checkbox', filter: 'boolean', isEditable: true, isVisible: true },
  uai: { label: 'UAI', type: 'text', filter: 'text', isEditable: false, isVisible: false },
  lastname: { label: 'Nom', type: 'text', filter: 'text', isEditable: true, isVisible: true },
  firstname: { label: 'Prénom', type: 'text', filter: 'text', isEditable: true, isVisible: true },
  login: { label: 'Login', type: 'text', filter: 'text', isEditable: false, isVisible: true },
  password: { label: 'Password', type: 'text', filter: 'text', isEditable: false, isVisible: true },
  level: { label: 'Niveau', type: 'combobox', filter: 'text', isEditable: true, isVisible: true },
  className: { label: 'Classe', type: 'combobox', filter: 'text', isEditable: true, isVisible: true },
  disabled: { label: 'Désactivé', type: 'checkbox', filter: 'boolean', isEditable: false, isVisible: true },
  disabledAt: { label: 'Désactivé le', type: 'text', filter: 'date', isEditable: false, isVisible: false },
  profile: { label: 'Profil', type: 'combobox', filter: 'text', isEditable: true, isVisible: true },
  locked: { label: 'Verrouille', type: 'checkbox', filter: 'boolean', isEditable: false, isVisible: false },
  lastLoginAt: { label: 'Dernière connexion', type: 'text', filter: 'date', isEditable: false, isVisible: false },
  tabletNumber: { label: 'N° tablette', type: 'text', filter: 'text', isEditable: true, isVisible: true },
  comment: { label: 'Commentaire', type: 'text', filter: 'text', isEditable: true, isVisible: true },
  subject: { label: 'Matière', type: 'combobox', filter: 'text', isEditable: true, isVisible: true },
  email: { label: 'Mail', type: 'text', filter: 'text', isEditable: true, isVisible: true },
  platforms: { label: 'Plateformes', type: 'text', filter: 'text', isEditable: false, isVisible: false },
};

/** An application of the catalogue as its columns need it; `showsCode` from `credentialFieldsOf`. */
export type ColumnApplication = { id: number; name: string; showsCode: boolean };

export type ColumnInputs = {
  /** The caller holds Table at Ecriture. */
  canEdit: boolean;
  /** The caller may see pupils' and teachers' passwords: the Password column exists. */
  canSeePasswords: boolean;
  optionColumnCount: number;
  /** The catalogue's applications, by order. */
  applications: readonly ColumnApplication[];
};

/**
 * How many option columns a school's grid has: one more than the most options a user has (room
 * to add one), at least one, but never more than the school has options (when it has some).
 */
export function countOptionColumns(maxUserOptions: number, schoolOptionCount: number): number {
  const wanted = Math.max(1, maxUserOptions + 1);
  return schoolOptionCount > 0 ? Math.max(1, Math.min(wanted, schoolOptionCount)) : wanted;
}

/**
 * The columns of a school's grid: the fields (Password only for who may see
 * passwords), then Option1..OptionN, then each application and its code. Editable only when the
 * caller may edit and the column may be edited.
 */
export function buildGridColumns(inputs: ColumnInputs): GridColumn[] {
  const fieldColumns = users.FIELD_COLUMNS.filter((field) => field !== 'password' || inputs.canSeePasswords).map(
    (field): GridColumn => {
      const spec = FIELD_COLUMN_SPECS[field];
      return {
        key: field,
        label: spec.label,
        editable: inputs.canEdit && spec.isEditable,
        visible: spec.isVisible,
        modificationKey: spec.isEditable ? 'informations' : null,
        cellType: spec.type,
        filterType: spec.filter,
      };
    },
  );
  const optionColumns = Array.from({ length: inputs.optionColumnCount }, (_unused, index): GridColumn => ({
    key: users.optionColumnKey(index + 1),
    label: `Option${index + 1}`,
    editable: inputs.canEdit,
    visible: true,
    modificationKey: 'options',
    cellType: 'combobox',
    // Option1's set filter reads every option column (AND/OR); the others are not filtered alone.
    filterType: index === 0 ? 'set' : 'none',
  }));
  const applicationColumns = inputs.applications.flatMap((application): GridColumn[] => [
    {
      key: users.applicationColumnKey(application.id),
      label: application.name,
      editable: inputs.canEdit,
      visible: true,
      modificationKey: 'applications',
      cellType: 'checkbox',
      filterType: 'boolean',
      idApplication: application.id,
    },
    {
      key: users.codeColumnKey(application.id),
      label: `${application.name}-Code`,
      editable: inputs.canEdit,
      // A code column is only worth showing for an application whose access carries a code.
      visible: application.showsCode,
      modificationKey: 'applications',
      cellType: 'text',
      filterType: 'text',
      idApplication: application.id,
    },
  ]);
  return [...fieldColumns, ...optionColumns, ...applicationColumns];
}
