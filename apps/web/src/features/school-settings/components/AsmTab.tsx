import type { schoolSettings } from '@console/contract';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EditAndSave } from '#ui/EditAndSave';
import { schoolSettingsQueryKeys, secretFieldOf, useServerConnection, useUpdateSchoolParams, type SchoolSecrets } from '../api';
import { asmFields, asmUpdateOf, hasWholeServer } from '../asm-fields';
import { AsmHistory } from './AsmHistory';
import { AsmPushZone } from './AsmPushZone';
import { ServerConnection } from './ServerConnection';

type AsmTabProps = { uai: string; params: schoolSettings.SchoolParams; secrets: SchoolSecrets; canEdit: boolean };

/**
 * The Apple School Manager tab (spec 2 §2.12): the location id and the school's SFTP or FTP
 * server (edit and save), the test of the saved server with its status, the zip's drop zone once
 * a whole server is saved (usable only while the server answers), and the files sent.
 */
export function AsmTab({ uai, params, secrets, canEdit }: AsmTabProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateSchoolParams(uai);
  const asm = params.deployment.asmInformations;
  const password = secretFieldOf(params, secrets, 'sftpPassword');
  const isWhole = hasWholeServer(asm, params.secrets.sftpPassword);
  const connection = useServerConnection(uai, asm, { isEnabled: isWhole });
  return (
    <Stack gap="lg">
      <EditAndSave
        fields={asmFields({ t, asm, password })}
        onSave={async (changes) => {
          const body = asmUpdateOf(changes);
          await update.mutateAsync(body);
          secrets.forgetSaved({ sftpPassword: body.deployment?.asmInformations?.sftpPassword });
          // The same server with another password is tested again.
          void queryClient.invalidateQueries({ queryKey: schoolSettingsQueryKeys.connection(uai) });
        }}
        label={t('school_settings.tabs.asm')}
        canEdit={canEdit}
        successMessage={() => t('school_settings.asm.saved')}
      />
      {isWhole && (
        <>
          <ServerConnection connection={connection} />
          <AsmPushZone uai={uai} isOnline={connection.data?.status === 'online'} canPush={canEdit} />
        </>
      )}
      <AsmHistory uai={uai} history={asm.history} />
    </Stack>
  );
}
