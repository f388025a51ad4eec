import type { Statistics } from '@console/contract';
import { act, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n, renderWithProviders } from '#test/render';
import { silenceChartSizeWarnings } from '../chart-test-support';
import { StatisticsCharts } from './StatisticsCharts';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
  silenceChartSizeWarnings();
});

const statistics: Statistics = {
  nbEtab: 1,
  usersApp: [
    { name: 'Lelivrescolaire.fr', count: 12_480 },
    { name: 'Edulib', count: 3_200 },
    { name: 'Educadhoc', count: 950 },
    { name: 'Quizeo', count: 400 },
    { name: 'Kwyk', count: 120 },
    { name: 'Nathan', count: 60 },
    { name: 'Bordas', count: 15 },
  ],
  repartitionRoles: [
    { profile: 'Eleve', count: 1_500 },
    { profile: 'Enseignant', count: 120 },
    { profile: 'Administrateur établissement', count: 2 },
  ],
  modeAdmin: { activated: 3, deactivated: 1_619 },
  usersConnectes: { connected: 1_200, neverConnected: 422 },
};

/** The rows of a figures table as the screen reader reads them: each row's header and cells. */
function rowsOf(tableName: string): string[][] {
  const table = screen.getByRole('table', { name: tableName });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...within(row).getAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) => cell.textContent ?? ''),
    );
}

describe('statistics charts', () => {
  it('gives each of the four charts a heading and its figures, the French way', () => {
    renderWithProviders(
      <StatisticsCharts statistics={statistics} applicationsTop={5} groupsOtherApplications headingLevel={2} />,
      {
        i18n,
      },
    );

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Utilisateurs par application',
      'Répartition des rôles',
      'Connexions',
      'Mode admin',
    ]);
    expect(rowsOf('Répartition des rôles')).toEqual([
      ['Élève', '1\u202f500', '92,5\u00a0%'],
      ['Enseignant', '120', '7,4\u00a0%'],
      ['Administrateur établissement', '2', '0,1\u00a0%'],
    ]);
    expect(rowsOf('Connexions')).toEqual([
      ['Connectés', '1\u202f200', '74\u00a0%'],
      ['Jamais connectés', '422', '26\u00a0%'],
    ]);
    expect(rowsOf('Mode admin')).toEqual([
      ['Activé', '3', '0,2\u00a0%'],
      ['Désactivé', '1\u202f619', '99,8\u00a0%'],
    ]);
  });

  it('writes the figures as the interface language does, and follows a switch to English', async () => {
    const switchable = await createTestI18n();
    renderWithProviders(
      <StatisticsCharts statistics={statistics} applicationsTop={5} groupsOtherApplications headingLevel={2} />,
      {
        i18n: switchable,
      },
    );
    expect(rowsOf('Connexions')[0]).toEqual(['Connectés', '1\u202f200', '74\u00a0%']);

    await act(() => switchable.changeLanguage('en'));

    expect(rowsOf('Role distribution').map(([, count, share]) => [count, share])).toEqual([
      ['1,500', '92.5%'],
      ['120', '7.4%'],
      ['2', '0.1%'],
    ]);
    expect(rowsOf('Admin mode')).toEqual([
      ['On', '3', '0.2%'],
      ['Off', '1,619', '99.8%'],
    ]);
    expect(rowsOf('Users per application')[0]).toEqual(['Lelivrescolaire.fr', '12,480']);
  });

  it('charts the top 5 applications then the others as one group on a dashboard', () => {
    renderWithProviders(
      <StatisticsCharts statistics={statistics} applicationsTop={5} groupsOtherApplications headingLevel={2} />,
      {
        i18n,
      },
    );

    expect(rowsOf('Utilisateurs par application')).toEqual([
      ['Lelivrescolaire.fr', '12\u202f480'],
      ['Edulib', '3\u202f200'],
      ['Educadhoc', '950'],
      ['Quizeo', '400'],
      ['Kwyk', '120'],
      ['Autres', '75'],
    ]);
    expect(screen.getByText('Les 5 applications les plus utilisées, puis les autres regroupées.')).toBeInTheDocument();
  });

  it('charts only the top applications when the others are not grouped', () => {
    renderWithProviders(
      <StatisticsCharts statistics={statistics} applicationsTop={3} groupsOtherApplications={false} headingLevel={3} />,
      {
        i18n,
      },
    );

    expect(rowsOf('Utilisateurs par application').map(([name]) => name)).toEqual(['Lelivrescolaire.fr', 'Edulib', 'Educadhoc']);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });

  it('says so when there is nothing to chart', () => {
    const empty: Statistics = {
      nbEtab: 0,
      usersApp: [],
      repartitionRoles: [],
      modeAdmin: { activated: 0, deactivated: 0 },
      usersConnectes: { connected: 0, neverConnected: 0 },
    };
    renderWithProviders(<StatisticsCharts statistics={empty} applicationsTop={5} groupsOtherApplications headingLevel={2} />, {
      i18n,
    });

    expect(screen.getAllByText('Aucune donnée')).toHaveLength(4);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
