import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { SchoolsMultiSelect } from './SchoolsMultiSelect';

const SCHOOLS = [
  { UAI: '0693284X', Nom: 'Collège Jean Moulin', Commune: 'Lyon', Extension: 'clg-moulin', Effectif: 110 },
  { UAI: '0690002B', Nom: 'Lycée Ampère', Commune: 'Lyon', Extension: 'lyc-ampere', Effectif: 900 },
  { UAI: '0441750K', Nom: 'Collège Jules Verne', Commune: 'Nantes', Extension: 'clg-verne', Effectif: 72 },
];

const i18n = await createTestI18n();
cleanUpAfterEachTest();

function Field({ initial }: { initial: string[] }) {
  const [uais, setUais] = useState(initial);
  return (
    <>
      <SchoolsMultiSelect label="Établissements" value={uais} onChange={setUais} nothingFoundMessage="Aucun établissement" />
      <output aria-label="choisis">{uais.join(',')}</output>
    </>
  );
}

function renderField(initial: string[] = [], answer: { status: number; body: unknown } = { status: 200, body: SCHOOLS }) {
  mockFetch({ 'GET /api/schools/': answer });
  return renderWithProviders(<Field initial={initial} />, { i18n });
}

describe('the schools picker', () => {
  it('finds schools by every typed word, accents and case aside, and adds the one clicked', async () => {
    renderField();
    const field = screen.getByRole('combobox', { name: 'Établissements' });
    await waitFor(() => expect(field).toBeEnabled());
    const user = userEvent.setup();
    await user.type(field, 'ampere LYON');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['0690002B - Lycée Ampère - Lyon']);
    await user.click(screen.getByRole('option', { name: '0690002B - Lycée Ampère - Lyon' }));
    expect(screen.getByRole('status', { name: 'choisis' })).toHaveTextContent('0690002B');
    await user.clear(field);
    await user.type(field, 'nowhere');
    expect(await screen.findByText('Aucun établissement')).toBeInTheDocument();
  });

  it('shows a chosen school the list lacks by its UAI', async () => {
    renderField(['0999999Z', '0441750K']);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Établissements' })).toBeEnabled());
    expect(screen.getByText('0999999Z')).toBeInTheDocument();
    expect(screen.getByText('0441750K - Collège Jules Verne - Nantes')).toBeInTheDocument();
  });

  it('says why in its place when the schools cannot be read', async () => {
    renderField([], { status: 503, body: { error: 'service_unavailable', message: 'down' } });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Établissements' })).not.toBeInTheDocument();
  });
});
