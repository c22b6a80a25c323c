import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DATA_EXPORT_MSG, type ApiErrorBody, type DataExportStatus } from '@pb/core';
import { saveResponseAsFile } from '../../../lib/download';
import { api, ApiError } from '../../../lib/http';
import type { MutationConfig } from '../../../lib/reactQuery';
import { storage } from '../../../lib/storage';

export const dataExportKey = (userId: number) => ['data-exports', 'latest', userId] as const;

/** GET /api/data-exports/latest: the state of the account's newest export request (null before the first). */
export async function fetchLatestDataExport(): Promise<DataExportStatus | null> {
  return (await api<{ data: DataExportStatus | null }>('/data-exports/latest')).data;
}

/** The latest request; asked again every few seconds while the export is being built. */
export function useLatestDataExport(userId: number) {
  return useQuery({
    queryKey: dataExportKey(userId),
    queryFn: fetchLatestDataExport,
    refetchInterval: (query) => (query.state.data?.state === 'in_arbeit' ? 4000 : false),
  });
}

/** POST /api/data-exports: queues the export; the link comes by mail. */
export async function requestDataExport(): Promise<DataExportStatus> {
  return (await api<{ data: DataExportStatus }>('/data-exports', { method: 'POST', body: {} })).data;
}

export function useRequestDataExport(userId: number, config: MutationConfig<DataExportStatus, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: requestDataExport,
    onSuccess: (...args) => {
      queryClient.setQueryData(dataExportKey(userId), args[0]);
      return config.onSuccess?.(...args);
    },
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: dataExportKey(userId) });
      return config.onSettled?.(...args);
    },
  });
}

/**
 * POST /api/data-exports/download with the token from the mailed link (signed in: Bearer): the
 * ZIP is handed to the browser as a file. Refusals throw ApiError with the server's German text.
 */
export async function downloadDataExport(token: string): Promise<void> {
  const bearer = storage.token;
  const response = await fetch('/api/data-exports/download', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/zip, application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify({ token }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(response.status, body?.error?.message ?? DATA_EXPORT_MSG.downloadFailed, body);
  }
  await saveResponseAsFile(response, undefined, 'praemienboerse-daten.zip');
}

export function useDownloadDataExport(config: MutationConfig<void, string> = {}) {
  return useMutation({ ...config, mutationFn: downloadDataExport });
}
