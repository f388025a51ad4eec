import { schools, type School } from '@console/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Whether the school is deployed with École Directe (an API key in its deployment, which the server tells without sending it). */
export function isEcoleDirecteSchool(school: Pick<School, 'deployment'>): boolean {
  return school.deployment[schools.DEPLOYMENT_SECRETS.ecoleDirecteApiKey] === true;
}

/** The banner 'établissement école directe' of the active school. */
export function EcoleDirecteBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="grape.9" variant="filled" radius="sm" style={{ flexShrink: 0 }}>
      {t('schools.ecole_directe')}
    </Badge>
  );
}
