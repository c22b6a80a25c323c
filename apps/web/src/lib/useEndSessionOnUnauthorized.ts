import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { onUnauthorized } from './http';
import { clearSession } from './session';

/** A rejected token ends the session (spec §7/§8: 401 removes the stored token) and opens the login. */
export function useEndSessionOnUnauthorized(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUnauthorized(() => {
        clearSession();
        queryClient.clear();
        navigate('/login', { replace: true });
      }),
    [navigate, queryClient],
  );
}
