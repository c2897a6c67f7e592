/** The withdrawal module: the 14-day right of withdrawal ('Desistir del contrato'), DesistContractGet/Post. */
export { withdrawalRoutes } from './routes.ts';
