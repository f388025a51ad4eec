import { DEFAULT_LOGIN_STRUCTURE, schoolSettings } from '@console/contract';
import type { TFunction } from 'i18next';
import { issueAt } from '#lib/forms';
import type { EditableField, FieldChanges } from '#ui/EditAndSave';
import type { SecretField } from './secret-fields';

/**
 * The general card's form (spec 2 §2.9): the school's informations and its own login pattern,
 * under the names the server's field errors use (`informations.name`, `regexEstab.0.regex`),
 * checked by the contract's schema and read back into the call's shape.
 */

const LOGIN_PATTERN = 'regexEstab.0.regex';

/** The form's values (text; 'true' or 'false' for a switch); a secret's is its revealed value or ''. */
export function generalValuesOf(params: schoolSettings.SchoolParams, revealedKey: string | undefined): FieldChanges {
  const { informations } = params;
  return {
    'informations.uai': informations.uai,
    'informations.name': informations.name,
    'informations.extension': informations.extension,
    'informations.adminDuration': String(informations.adminDuration),
    'informations.connectRndPwd': String(informations.connectRndPwd),
    'informations.ecoleDirecteApiKey': revealedKey ?? '',
    [LOGIN_PATTERN]: params.regexEstab.find((entry) => entry.field === 'login')?.regex ?? '',
  };
}

/** The changed values in the call's shape (a duration that is not a whole number is refused by its field's check first). */
export function generalUpdateOf(changes: FieldChanges): schoolSettings.SchoolParamsUpdate {
  const informations: schoolSettings.InformationsUpdate = {};
  const text = (name: string) => changes[`informations.${name}`];
  if (text('name') !== undefined) informations.name = text('name');
  if (text('extension') !== undefined) informations.extension = text('extension');
  if (text('adminDuration') !== undefined) {
    const typed = text('adminDuration')!.trim();
    informations.adminDuration = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
  }
  if (text('connectRndPwd') !== undefined) informations.connectRndPwd = text('connectRndPwd') === 'true';
  if (text('ecoleDirecteApiKey') !== undefined) informations.ecoleDirecteApiKey = text('ecoleDirecteApiKey');
  const update: schoolSettings.SchoolParamsUpdate = {};
  if (Object.keys(informations).length > 0) update.informations = informations;
  if (changes[LOGIN_PATTERN] !== undefined) update.regexEstab = [{ field: 'login', regex: changes[LOGIN_PATTERN] }];
  return update;
}

type GeneralFieldsInput = {
  t: TFunction;
  params: schoolSettings.SchoolParams;
  /** The EcoleDirecte key's secret field (set, revealed, how to reveal it). */
  apiKey: SecretField;
};

/** The general card's fields, grouped: identity, Admin mode and sign-in, EcoleDirecte, the login pattern. */
export function generalFields({ t, params, apiKey }: GeneralFieldsInput): EditableField[] {
  const values = generalValuesOf(params, apiKey.value);
  const check = (name: string) => (value: string, all: FieldChanges) => {
    if (name === 'informations.adminDuration' && !/^\d+$/.test(value.trim())) return schoolSettings.ADMIN_DURATION_RANGE;
    return issueAt(schoolSettings.schoolParamsUpdateSchema, generalUpdateOf({ ...all, [name]: value }), name);
  };
  const field = (name: string, group: string, extra: Partial<EditableField> = {}): EditableField => ({
    name,
    group,
    label: t(`school_settings.general.fields.${name.replace(/^informations\.|\.0\.regex$/g, '')}`),
    value: values[name]!,
    validate: check(name),
    ...extra,
  });
  const identity = t('school_settings.general.groups.identity');
  const access = t('school_settings.general.groups.access');
  return [
    field('informations.uai', identity, { locked: true, validate: undefined }),
    field('informations.name', identity),
    field('informations.extension', identity),
    field('informations.adminDuration', access, { placeholder: '0' }),
    field('informations.connectRndPwd', access, { toggle: true }),
    field('informations.ecoleDirecteApiKey', t('school_settings.general.groups.ecole_directe'), {
      secret: { isSet: apiKey.isSet, isRevealed: apiKey.value !== undefined, reveal: apiKey.reveal },
    }),
    field(LOGIN_PATTERN, t('school_settings.general.groups.login'), { placeholder: DEFAULT_LOGIN_STRUCTURE }),
  ];
}
