import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/login/LoginPage.tsx';
import { Layout } from './Layout.tsx';

/**
 * The back office's routes, relative to its basename `/backoffice`. For now only the login page; any other path
 * goes there (the session guard comes with the staff calls).
 */
export function BackofficeRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="login" element={<LoginPage />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Route>
    </Routes>
  );
}
