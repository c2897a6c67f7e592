import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/connect.ts';
import type { CardGateway } from './card-gateway.ts';
import type { DirectTransferProvider } from './direct-transfer.ts';
import { createHttpCardGateway } from './http-card-gateway.ts';
import { createHttpDirectTransferProvider } from './http-direct-transfer.ts';
import { createHttpOpenBankingProvider } from './http-open-banking.ts';
import { createHttpSmsProvider } from './http-sms.ts';
import type { OpenBankingProvider } from './open-banking.ts';
import { createSandboxCardGateway } from './sandbox-card-gateway.ts';
import { createSandboxDirectTransferProvider } from './sandbox-direct-transfer.ts';
import { createSandboxOpenBankingProvider } from './sandbox-open-banking.ts';
import { createSandboxSmsProvider } from './sandbox-sms.ts';
import { withPlainSpaces, type SmsProvider } from './sms.ts';

export type { CardGateway } from './card-gateway.ts';
export type { DirectTransferProvider } from './direct-transfer.ts';
export type { OpenBankingProvider } from './open-banking.ts';
export type { SmsProvider } from './sms.ts';

/**
 * The external providers, chosen by configuration: sandbox ones while SANDBOX is on, real ones otherwise.
 */
export interface Providers {
  sms: SmsProvider;
  openBanking: OpenBankingProvider;
  cardGateway: CardGateway;
  directTransfer: DirectTransferProvider;
}

export function createProviders(deps: {
  config: AppConfig;
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}): Providers {
  const { config } = deps;
  if (config.sandbox || !config.providers) {
    return {
      sms: withPlainSpaces(createSandboxSmsProvider(deps)),
      openBanking: createSandboxOpenBankingProvider(),
      cardGateway: createSandboxCardGateway(deps),
      directTransfer: createSandboxDirectTransferProvider(deps),
    };
  }
  return {
    sms: withPlainSpaces(createHttpSmsProvider({ ...deps, ...config.providers.sms })),
    openBanking: createHttpOpenBankingProvider(config.providers.openBanking),
    cardGateway: createHttpCardGateway(config.providers.cardGateway),
    directTransfer: createHttpDirectTransferProvider(config.providers.directTransfer),
  };
}
