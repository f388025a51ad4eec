import type { ProfileName } from '@console/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { vi } from 'vitest';
import { mockFetch, type MockAnswer } from '#test/fetch-mock';
import { renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { DocumentUploadButton } from './DocumentUploadButton';

export const TICKET = 'POST /api/files/upload';
export const REGISTER = 'PUT /api/files/';
export const PDF = 'application/pdf';

/** A file of that name, type and size (its bytes are never read: the transfer is a FakeXhr). */
export function fileOf(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** A ticket for each request, its key numbered from 1, posted to `urlOf(number)` (the storage's route by default). */
export function tickets(urlOf: (count: number) => string = () => '/api/files/storage'): () => MockAnswer {
  let count = 0;
  return () => {
    count += 1;
    return { status: 200, body: { url: urlOf(count), fields: { key: `documents/${count}`, policy: 'p' }, fileUrl: '' } };
  };
}

export const registered: MockAnswer = { status: 200, body: { files: [], maxBucketSize: 1_000_000_000, usedBytes: 5000 } };

type Setup = {
  profile?: ProfileName;
  usedBytes?: number;
  maxBucketSize?: number;
  ticket?: () => MockAnswer;
  register?: MockAnswer | (() => MockAnswer);
};

/** Renders the button (a user of the school 0750001A by default), opens its dialog, and gives the means to choose files. */
export async function openUploadDialog(
  i18n: I18n,
  {
    profile = 'Administrateur établissement',
    usedBytes = 0,
    maxBucketSize = 1_000_000_000,
    ticket = tickets(),
    register = registered,
  }: Setup = {},
) {
  const fetchMock = mockFetch({ [TICKET]: ticket, [REGISTER]: register });
  const onUploaded = vi.fn();
  renderWithProviders(
    <DocumentUploadButton
      user={buildSessionUser(profile)}
      usedBytes={usedBytes}
      maxBucketSize={maxBucketSize}
      onUploaded={onUploaded}
    />,
    { i18n, withNotifications: true },
  );
  // The picker may offer every file whatever its accept says.
  const user = userEvent.setup({ applyAccept: false });
  await user.click(screen.getByRole('button', { name: 'Envoyer des fichiers' }));
  const dialog = await screen.findByRole('dialog', { name: 'Envoyer des fichiers' });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { fetchMock, onUploaded, user, dialog, input, choose: (files: File[]) => user.upload(input, files) };
}

/** A file's line in the dialog. */
export const lineOf = (dialog: HTMLElement, name: string) =>
  within(within(dialog).getByRole('list')).getByRole('listitem', { name });
