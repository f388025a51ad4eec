import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { requestImportFilter, useImportFilterRequest } from '#features/users/import-filter';
import { mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestQueryClient } from '#test/render';
import { useSignOut } from './api';

cleanUpAfterEachTest();

describe('signing out', () => {
  it('drops what a view left for another: the next user of the page finds no import filter', async () => {
    mockFetch({ 'POST /api/auth/logout': { status: 204 } });
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => ({ signOut: useSignOut(), filter: useImportFilterRequest('0693284A') }), { wrapper });
    act(() => requestImportFilter({ uai: '0693284A', importNumber: 12 }));
    expect(result.current.filter).toEqual({ uai: '0693284A', importNumber: 12 });
    act(() => result.current.signOut.mutate());
    await waitFor(() => expect(result.current.signOut.isSuccess).toBe(true));
    expect(result.current.filter).toBeNull();
  });
});
