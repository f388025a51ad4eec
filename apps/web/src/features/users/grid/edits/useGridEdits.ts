/*
 * How a cell edit flows.
 * - Rows: SchoolUsersGrid turns the cached users answer (`schoolsQueryKeys.users(uai)`) into flat
 *   UsersGridRow objects, one per SchoolUser object (a WeakMap in grid-rows.ts), matched by id by
 *   AG Grid. Cells reach this hook through the GridBridge, the grid's stable `context`, whose
 *   handlers SchoolUsersGrid sets again on each render so that the column definitions never rebuild.
 * - Edit: AG Grid's editor writes the new value into the row object itself, then calls
 *   `handleCellValueChanged`; a checkbox (checkbox-cell-renderer.ts) calls `toggle` through the
 *   bridge, which writes the row the same way. The cell shows the value at once.
 * - Request: edit-requests.ts builds the `PATCH /users/{id}` body with the contract's schemas, so a
 *   value they refuse is never sent. A profile needing an e-mail, or an application needing its
 *   credentials, first waits in `emailPrompt` / `credentialsPrompt` for its modal.
 * - Success: `mergeRows` puts the answered user in the cached answer in place; only that user's row
 *   is built again (scroll, selection and filters stay). One toast says it, replacing the last one.
 * - Failure: `setCell` writes the old value back into the row and redraws the cell, a warning says
 *   why, and a text or combobox cell is edited again (a checkbox only goes back): useCellWriteBack.
 * State lives in three places, each with one owner: the query cache holds the server's truth,
 * changed only by answers (`mergeRows`); the row objects hold what the cells show, unsaved values
 * included, written only by AG Grid and useCellWriteBack; useEditPrompts holds the waiting prompts.
 */
import {
  blankToNull,
  REQUIRED,
  nameRulesOf,
  PROFILE_NAMES,
  users,
  type CellValue,
  type GridColumn,
  type ProfileName,
  type School,
  type SchoolApplication,
  type SchoolUser,
} from '@console/contract';
import type { CellValueChangedEvent, GridApi } from 'ag-grid-community';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMergeUserRows, usePatchUser } from '../../api';
import type { ApplicationCredentials } from '../../components/ApplicationCredentialsModal';
import { buildApplicationEdit, buildFieldEdit, buildOptionsEdit, type EditRequest } from './edit-requests';
import { messageOfFailedEdit, messageOfRefusal } from './edit-messages';
import type { UsersGridRow } from '../grid-rows';
import { useCellWriteBack } from './useCellWriteBack';
import { useEditPrompts } from './useEditPrompts';

type GridEditsInput = {
  api: GridApi<UsersGridRow> | null;
  school: School & { users: SchoolUser[] };
  usersById: ReadonlyMap<number, SchoolUser>;
  definitionsByKey: ReadonlyMap<string, GridColumn>;
};

/** A typed cell value as sent: a text trimmed, blank is null (the contract's blankToNull); others as they are. */
const cellToSend = (value: CellValue) => (typeof value === 'string' ? blankToNull(value) : value);
const isProfileName = (value: CellValue): value is ProfileName => (PROFILE_NAMES as readonly unknown[]).includes(value);

/**
 * The grid's edits (spec 3 §4, §5 "Grid edits"): each cell edit or checkbox sends its part of
 * `PATCH /users/{id}`, puts the answer's row in the cache and says it is saved; a refusal says why
 * (the field's rule, no right, the user gone, the service down), puts the cell back and restarts
 * its editing (blank level, duplicate option, failed call), a failed checkbox goes back.
 * A profile that needs an e-mail asks it first; an application whose code is required asks its
 * credentials first.
 */
export function useGridEdits({ api, school, usersById, definitionsByKey }: GridEditsInput) {
  const { t, i18n } = useTranslation();
  const patch = usePatchUser();
  const mergeRows = useMergeUserRows();
  const prompts = useEditPrompts();
  const { setCell, refuseEdit, warn, confirmSaved } = useCellWriteBack(api, definitionsByKey);
  const uai = school.informations.uai;
  const nameRules = useMemo(() => nameRulesOf(school), [school]);

  const send = (row: UsersGridRow, colId: string, body: EditRequest & { isValid: true }) =>
    patch.mutateAsync({ id: row.id, body: body.body }).then((answer) => {
      mergeRows(uai, [answer.user]);
      confirmSaved(row, colId);
    });

  /** The cell shows at once the value sent (a name as its rules cleaned it), before the server's row. */
  const showSent = (row: UsersGridRow, colId: string, request: EditRequest & { isValid: true }) => {
    const sent = request.body.key === 'informations' ? (request.body.value as Record<string, CellValue>)[colId] : undefined;
    if (typeof sent === 'string' && sent !== row[colId]) setCell(row, colId, sent);
  };

  const requestOf = (colId: string, user: SchoolUser, value: CellValue): EditRequest | null => {
    const parsed = users.parseColumnKey(colId);
    if (!parsed) return null;
    switch (parsed.kind) {
      case 'field':
        return buildFieldEdit(parsed.field, cellToSend(value), nameRules);
      case 'option':
        return buildOptionsEdit(user.options, parsed.position, value, school.options);
      case 'code':
        return buildApplicationEdit(parsed.applicationId, 2, {
          keys: typeof value === 'string' && value.trim() !== '' ? value.trim() : null,
        });
      case 'application':
        return null;
    }
  };

  const handleCellValueChanged = (event: CellValueChangedEvent<UsersGridRow, CellValue>) => {
    const colId = event.column.getColId();
    const row = event.data;
    const user = usersById.get(row.id);
    if (!definitionsByKey.get(colId)?.editable || !user) return;
    const value = event.newValue ?? null;
    const previous = event.oldValue ?? null;
    // An empty cell left empty ('' for null) changes nothing.
    if (cellToSend(value) === cellToSend(previous)) return;
    if (colId === 'profile' && isProfileName(value) && users.profileRequiresEmail(value) && !user.email) {
      prompts.askEmail({ row, name: `${user.firstname} ${user.lastname}`, profile: value });
      return;
    }
    const request = requestOf(colId, user, value);
    if (!request) return;
    if (!request.isValid) {
      refuseEdit(row, colId, previous, request.message);
      return;
    }
    showSent(row, colId, request);
    send(row, colId, request).catch((error: unknown) =>
      refuseEdit(
        row,
        colId,
        previous,
        messageOfFailedEdit(error, (key) => i18n.exists(key)),
      ),
    );
  };

  const saveApplication = (
    row: UsersGridRow,
    colId: string,
    application: SchoolApplication,
    isEnabled: boolean,
    credentials: ApplicationCredentials | null,
  ) => {
    const request = buildApplicationEdit(application.idApplication, isEnabled ? 1 : 0, {
      login: credentials?.login ?? undefined,
      password: credentials?.password ?? undefined,
      keys: credentials?.keys ?? undefined,
    });
    const fail = () => {
      setCell(row, colId, isEnabled ? 0 : 1);
      warn(
        isEnabled
          ? t('modals.specific.user_apps.enable', { name: application.name })
          : t('modals.specific.user_apps.disable', { name: application.name }),
      );
    };
    if (!request.isValid) {
      fail();
      return Promise.resolve();
    }
    return send(row, colId, request).catch(fail);
  };

  /** A checkbox cell changed: Mode admin, or an application (its credentials asked first when its code is required). */
  const toggle = (row: UsersGridRow, colId: string, isChecked: boolean) => {
    const parsed = users.parseColumnKey(colId);
    const previous = isChecked ? 0 : 1;
    row[colId] = isChecked ? 1 : 0;
    if (parsed?.kind === 'field' && parsed.field === 'adminMode') {
      const request = buildFieldEdit('adminMode', isChecked ? 1 : 0);
      const fail = () => {
        setCell(row, colId, previous);
        warn(t(REQUIRED));
      };
      if (request.isValid) send(row, colId, request).catch(fail);
      else fail();
      return;
    }
    if (parsed?.kind !== 'application') {
      setCell(row, colId, previous);
      return;
    }
    const application = school.applications.find((candidate) => candidate.idApplication === parsed.applicationId);
    if (!application) {
      setCell(row, colId, previous);
      warn(t('global.errors.occurred'));
      return;
    }
    const platform = school.platforms.find((candidate) => candidate.platformId === application.platformId);
    if (isChecked && users.asksCredentialsOnEnable(users.credentialFieldsOf(application, platform))) {
      const code = usersById.get(row.id)?.applications[String(application.idApplication)]?.code ?? null;
      prompts.askCredentials({ row, colId, application, platform, code });
      return;
    }
    void saveApplication(row, colId, application, isChecked, null);
  };

  const confirmCredentials = (credentials: ApplicationCredentials) => {
    const prompt = prompts.credentialsPrompt;
    if (!prompt) return;
    void saveApplication(prompt.row, prompt.colId, prompt.application, true, credentials).finally(prompts.closeCredentials);
  };
  const cancelCredentials = () => {
    const prompt = prompts.credentialsPrompt;
    if (!prompt) return;
    setCell(prompt.row, prompt.colId, 0);
    prompts.closeCredentials();
  };

  /** The e-mail the profile change asked: one PATCH of the profile and the e-mail; the server's refusal shows in the prompt. */
  const submitEmail = (email: string) => {
    const prompt = prompts.emailPrompt;
    if (!prompt) return;
    const parsed = users.informationsPatchSchema.safeParse({ profile: prompt.profile, email });
    if (!parsed.success) {
      prompts.refuseEmail(parsed.error.issues[0]?.message ?? REQUIRED);
      return;
    }
    patch
      .mutateAsync({ id: prompt.row.id, body: { key: 'informations', value: parsed.data } })
      .then((answer) => {
        mergeRows(uai, [answer.user]);
        prompts.closeEmail();
        confirmSaved(prompt.row, 'profile');
      })
      .catch((error: unknown) => prompts.refuseEmail(messageOfRefusal(error, 'email')));
  };

  return {
    handleCellValueChanged,
    toggle,
    isSaving: patch.isPending,
    emailPrompt: prompts.emailPrompt,
    submitEmail,
    credentialsPrompt: prompts.credentialsPrompt,
    confirmCredentials,
    cancelCredentials,
  };
}
