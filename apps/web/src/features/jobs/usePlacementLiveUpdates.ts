import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent, useSocketConnected } from '../../lib/socket';
import { jobKeys } from './api/jobs';
import { placementReportKeys } from './api/placementReports';

/**
 * A consultant reported a placement on one of the company's advertisements
 * (decision 0015): it went inactive, so its lists and the reports refresh. On a
 * (re)connect the reports catch up too. Mount once for the guarded area.
 */
export function usePlacementLiveUpdates(): void {
  const client = useQueryClient();
  useSocketConnected(useCallback(() => void client.invalidateQueries({ queryKey: placementReportKeys.all }), [client]));
  useServerEvent(
    'placement:reported',
    useCallback(() => {
      void client.invalidateQueries({ queryKey: jobKeys.all });
      void client.invalidateQueries({ queryKey: placementReportKeys.all });
    }, [client]),
  );
}
