import { users, type ColumnDefinition } from '@console/contract';

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
 * The column definitions of a school's grid: the fields (Password only for who may see
 * passwords), then Option1..OptionN, then each application and its code. Editable only when the
 * caller may edit and the column may be edited.
 */
export function buildColumnDefinitions(inputs: ColumnInputs): ColumnDefinition[] {
  const fieldColumns = users.FIELD_COLUMNS.filter((field) => field !== 'password' || inputs.canSeePasswords).map(
    (field): ColumnDefinition => {
      const spec = FIELD_COLUMN_SPECS[field];
      return {
        ColonneAffichee: spec.label,
        Editable: inputs.canEdit && spec.isEditable,
        Visible: spec.isVisible,
        ColonneBDD: field,
        modificationKey: spec.isEditable ? 'informations' : null,
        TypeColonne: spec.type,
        TypeFiltre: spec.filter,
      };
    },
  );
  const optionColumns = Array.from({ length: inputs.optionColumnCount }, (_unused, index): ColumnDefinition => ({
    ColonneAffichee: `Option${index + 1}`,
    Editable: inputs.canEdit,
    Visible: true,
    ColonneBDD: users.optionColumnKey(index + 1),
    modificationKey: 'options',
    TypeColonne: 'combobox',
    // Option1's set filter reads every option column (AND/OR); the others are not filtered alone.
    TypeFiltre: index === 0 ? 'set' : 'none',
  }));
  const applicationColumns = inputs.applications.flatMap((application): ColumnDefinition[] => [
    {
      ColonneAffichee: application.name,
      Editable: inputs.canEdit,
      Visible: true,
      ColonneBDD: users.applicationColumnKey(application.id),
      modificationKey: 'applications',
      TypeColonne: 'checkbox',
      TypeFiltre: 'boolean',
      idApplication: application.id,
    },
    {
      ColonneAffichee: `${application.name}-Code`,
      Editable: inputs.canEdit,
      // A code column is only worth showing for an application whose access carries a code.
      Visible: application.showsCode,
      ColonneBDD: users.codeColumnKey(application.id),
      modificationKey: 'applications',
      TypeColonne: 'text',
      TypeFiltre: 'text',
      idApplication: application.id,
    },
  ]);
  return [...fieldColumns, ...optionColumns, ...applicationColumns];
}
