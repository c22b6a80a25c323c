import { useQuery } from '@tanstack/react-query';
import { useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { PublicConfig } from '@pb/core';
import { api } from './http';
import { serverSource } from './publicData';

export const publicConfigKey = ['public-config'] as const;

/** The route above the public pages, whose loader reads the site settings (app/routes.tsx). */
export const PUBLIC_ROUTE_ID = 'public';

/** GET /api/public-config: run-time settings of the public site (PublicConfig, @pb/core). */
export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api<PublicConfig>('/public-config', { signal });
}

export type PublicConfigState =
  | { isPending: true; isError: false; data: undefined }
  | { isPending: false; isError: true; data: PublicConfig | undefined }
  | { isPending: false; isError: false; data: PublicConfig };

/**
 * Shared by the public pages and the guarded area (the office's address). A public page has the
 * settings from its route's loader (in the server's HTML, so hydration asks for nothing); the
 * guarded area asks the API once and keeps the answer five minutes.
 */
export function usePublicConfig(): PublicConfigState {
  const fromRoute = useRouteLoaderData(PUBLIC_ROUTE_ID) as PublicRouteData | undefined;
  const query = useQuery({
    queryKey: publicConfigKey,
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: 5 * 60_000,
    enabled: fromRoute === undefined,
  });
  return fromRoute ? { data: fromRoute.config, isPending: false, isError: false } : query;
}

export interface PublicRouteData {
  config: PublicConfig;
}

/** Loader of the route above the public pages: the settings once for all of them. */
export async function publicLoader({ context, request }: LoaderFunctionArgs): Promise<PublicRouteData> {
  const source = serverSource(context);
  return { config: await (source ? source.publicConfig(request.signal) : fetchPublicConfig(request.signal)) };
}
