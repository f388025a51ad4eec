import type { directory } from '@console/contract';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One school of the education directory, as a choice of the French-school tab. */
export function DirectoryResultCard({ record }: { record: directory.DirectoryRecord }) {
  const { t } = useTranslation();
  const place = [record.code_postal, record.nom_commune].filter(Boolean).join(' ');
  const area = [record.libelle_departement, record.libelle_region].filter(Boolean).join(', ');
  return (
    <Radio.Card value={record.identifiant_de_l_etablissement} p="sm" radius="md">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <Stack gap={2} miw={0}>
          <Text fw={600} size="sm">
            {record.nom_etablissement}
          </Text>
          <Text size="sm">
            {t('schools.add.french.uai', { uai: record.identifiant_de_l_etablissement })}
            {place && ` · ${place}`}
          </Text>
          {(area || record.statut_public_prive) && (
            <Text size="xs" c="dimmed">
              {[area, record.statut_public_prive].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}
