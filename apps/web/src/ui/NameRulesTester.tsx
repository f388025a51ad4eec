import { isValidStructure, nameRulesOf, tryNameRules, type NameTrial, type settings } from '@console/contract';
import { Fieldset, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Names that show most rules at work: a compound first name, an apostrophe, accents and a tilde. */
const FIRST_SAMPLE = { firstname: 'jean-éloi', lastname: "d'Ormesson Núñez", extension: 'clg-moulin' };

/**
 * The name rules' live tester (beyond spec 2 §2.5), under the general settings' Regex tab and a
 * school's general card: sample names typed here go through the
 * rules given (saved, or being edited) by the very functions that clean a new user's names in the
 * add-user panel, the grid, the user page and the import; it shows the cleaned names, the proposed
 * login and the characters each rule removes. A structure that is not valid is ignored, and said.
 */
type NameRulesTesterProps = {
  rules: settings.RegexSettings;
  /** A school's own login pattern (its settings' general card), being edited or saved. */
  regexEstab?: readonly { field: string; regex: string }[];
  /** The login suffix the sample starts with (the school's). */
  extension?: string;
};

export function NameRulesTester({ rules, regexEstab = [], extension }: NameRulesTesterProps) {
  const { t } = useTranslation();
  const [sample, setSample] = useState(() => (extension === undefined ? FIRST_SAMPLE : { ...FIRST_SAMPLE, extension }));
  const nameRules = nameRulesOf({
    regexGlobal: rules.map((setting) => ({
      field: setting.fieldName,
      structure: setting.regexStructure.trim(),
      special: setting.regexSpecial,
      conversion: setting.regexConversion,
    })),
    regexEstab,
  });
  const trial = tryNameRules(sample, nameRules);
  const isIgnored = (fieldName: string) => {
    const schoolLogin = regexEstab.find((entry) => entry.field === 'login' && entry.regex.trim() !== '');
    if (fieldName === 'login' && schoolLogin) return !isValidStructure(schoolLogin.regex);
    const setting = rules.find((candidate) => candidate.fieldName === fieldName);
    return setting !== undefined && !isValidStructure(setting.regexStructure);
  };
  const rows: [string, string, NameTrial][] = [
    ['firstname', t('settings.regex.fields.firstname'), trial.firstname],
    ['lastname', t('settings.regex.fields.lastname'), trial.lastname],
    ['login', t('settings.regex.tester.login'), trial.login],
  ];
  const sampleInput = (name: keyof typeof FIRST_SAMPLE) => (
    <TextInput
      label={t(`settings.regex.tester.${name}`)}
      value={sample[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setSample((previous) => ({ ...previous, [name]: value }));
      }}
      autoComplete="off"
      spellCheck={false}
    />
  );

  return (
    <Fieldset legend={t('settings.regex.tester.title')} maw={760}>
      <Stack gap="md">
        <Text size="sm">{t('settings.regex.tester.intro')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {sampleInput('firstname')}
          {sampleInput('lastname')}
          {sampleInput('extension')}
        </SimpleGrid>
        <Table withTableBorder>
          <Table.Caption>{t('settings.regex.tester.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('settings.regex.tester.field')}</Table.Th>
              <Table.Th scope="col">{t('settings.regex.tester.result')}</Table.Th>
              <Table.Th scope="col">{t('settings.regex.tester.refused')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(([fieldName, label, outcome]) => (
              <Table.Tr key={fieldName}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>
                  <Text span ff="monospace" inherit>
                    {outcome.value === '' ? t('settings.regex.tester.empty') : outcome.value}
                  </Text>
                  {isIgnored(fieldName) && (
                    <Text size="sm" c="red.8">
                      {t('settings.regex.tester.ignored')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {outcome.refused.length === 0
                    ? t('settings.regex.tester.none')
                    : outcome.refused.map((character) => `« ${character} »`).join(' ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Fieldset>
  );
}
