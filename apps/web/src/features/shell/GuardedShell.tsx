import { Navigate, Outlet } from 'react-router';
import { storage } from '../../lib/storage';

// Placeholder until the accounts feature lands: token guard only.
export function Component() {
  if (!storage.token) return <Navigate to="/login" replace />;
  return <Outlet />;
}
