import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BRAND } from './shared/constants.ts';

function App() {
  return (
    <main>
      <h1>{BRAND}</h1>
      <p>Solicita tu préstamo rápido en menos de 10 minutos</p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><App /></StrictMode>);
