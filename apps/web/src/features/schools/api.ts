import { compareFrench, directory, schools } from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '#lib/api';

/** `['schools', 'stats', …]` belongs to `statisticsQueryKeys`, kept under this root on purpose. */
export const schoolsQueryKeys = {
  all: ['schools'] as const,
  list: ['schools', 'list'] as const,
  details: ['schools', 'detail'] as const,
  detail: (uai: string) => ['schools', 'detail', uai] as const,
  users: (uai: string) => ['schools', 'users', uai] as const,
  referenceData: ['schools', 'reference-data'] as const,
  directory: (text: string) => ['schools', 'directory', text] as const,
};

/** The caller's schools, for the picker (UAI, Nom, Commune, Extension, Effectif). */
export function useSchools({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: schoolsQueryKeys.list,
    queryFn: () => call(schools.listSchools),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}

/** One school: informations, deployment, regexes, applications, abilities. */
export function useSchool(uai: string | null, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: schoolsQueryKeys.detail(uai ?? ''),
    queryFn: () => call(schools.getSchool, { params: { uai: uai! } }),
    enabled: isEnabled && uai !== null,
    staleTime: 5 * 60_000,
  });
}

/** The order the users view lists users in before the user sorts: by last name, first name, then id, in French order. */
function inFrenchOrder<U extends { lastname: string; firstname: string; id: number }>(list: readonly U[]): U[] {
  return [...list].sort(
    (left, right) =>
      compareFrench(left.lastname, right.lastname) || compareFrench(left.firstname, right.firstname) || left.id - right.id,
  );
}

/**
 * One school with its users, for the users view, in French order (the server's list comes in the
 * database's byte order, which puts 'GARÇON' before 'GAËTAN').
 */
export const schoolUsersQuery = (uai: string) =>
  queryOptions({
    queryKey: schoolsQueryKeys.users(uai),
    queryFn: async () => {
      const school = await call(schools.getSchoolUsers, { params: { uai } });
      return { ...school, users: inFrenchOrder(school.users) };
    },
    staleTime: 60_000,
  });

export function useSchoolUsers(uai: string) {
  return useQuery(schoolUsersQuery(uai));
}

/** Cities, countries and school types for the foreign-school form. */
export function useReferenceData({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: schoolsQueryKeys.referenceData,
    queryFn: () => call(schools.getReferenceData),
    enabled: isEnabled,
    staleTime: 10 * 60_000,
  });
}

/**
 * Schools of the public education directory matching a text (at most 5). Disabled below the
 * contract's minimum length; never retried, so that a directory down shows its message at once.
 */
export function useDirectorySearch(text: string) {
  const query = text.trim();
  return useQuery({
    queryKey: schoolsQueryKeys.directory(query),
    queryFn: () => call(directory.searchSchools, { query: { q: query } }),
    enabled: query.length >= directory.DIRECTORY_QUERY_MIN_LENGTH,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function useCreateSchool() {
  return useMutation({
    mutationFn: (body: schools.CreateSchoolBody) => call(schools.createSchool, { body }),
  });
}

export function useDeleteSchool() {
  return useMutation({
    mutationFn: (uai: string) => call(schools.deleteSchool, { params: { uai } }),
  });
}

/** Reloads the school list, and the active school and its users when one is active. */
export function useRefreshSchools() {
  const queryClient = useQueryClient();
  return useCallback(
    (activeSchoolUai: string | null) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: schoolsQueryKeys.list }),
        ...(activeSchoolUai
          ? [
              queryClient.invalidateQueries({ queryKey: schoolsQueryKeys.detail(activeSchoolUai) }),
              queryClient.invalidateQueries({ queryKey: schoolsQueryKeys.users(activeSchoolUai) }),
            ]
          : []),
      ]),
    [queryClient],
  );
}
