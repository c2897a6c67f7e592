import { createContext } from 'react';
import type { RouteKey } from '../../shared/routes/table.ts';

/** The route-table key of the page being rendered (its title, its loan-flow screen name, …). */
export const RouteKeyContext = createContext<RouteKey | null>(null);
