import '../lib/ui/tokens.css';
import './app/backoffice.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { BACKOFFICE_BASE } from '../shared/backoffice.ts';
import { BackofficeRoutes } from './app/routes.tsx';

/**
 * The staff web app's entry (docs/backoffice.md §6), its own build (vite.backoffice.config.ts): the design tokens
 * of the customer app, its own routes under `/backoffice`.
 */
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter basename={BACKOFFICE_BASE}>
        <BackofficeRoutes />
      </BrowserRouter>
    </StrictMode>,
  );
}
