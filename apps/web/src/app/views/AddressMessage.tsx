import { Button } from '@mantine/core';
import { IconArrowLeft, IconLock, IconMapQuestion } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ViewMessage } from './ViewMessage';

/** Why an address shows no view: it names none, the user may not open it, or its school does not exist. */
export type AddressProblem = 'unknown' | 'forbidden' | 'no_school';

type AddressMessageProps = { problem: AddressProblem; homeAddress: string; isAccountHolder: boolean };

/** In place of a view the address cannot show: what happened, and the way back to the user's start. */
export function AddressMessage({ problem, homeAddress, isAccountHolder }: AddressMessageProps) {
  const { t } = useTranslation();
  return (
    <ViewMessage
      title={t(`address.${problem}.title`)}
      icon={problem === 'forbidden' ? IconLock : IconMapQuestion}
      text={t(`address.${problem}.text`)}
      action={
        <Button component={Link} to={homeAddress} leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {t(isAccountHolder ? 'address.back_to_account' : 'address.back_to_start')}
        </Button>
      }
    />
  );
}
