import type { GlobalOutcome } from './error-catalogue.ts';
import type { ApiError } from './errors.ts';

/** The logged-in member, as the request headers need it. */
export interface ApiAuth {
  token: string;
  memberId: number;
  /** X-Member-Role: 'user' for a logged-in customer. */
  role: string;
}

export interface ApiConfig {
  /** Prefix of every path (e.g. 'https://api.example.com'); '' (default) means the page's own origin. */
  baseUrl?: string;
  /** Base URL of the second ('file') client; defaults to `baseUrl`. */
  fileBaseUrl?: string;
  /** X-App-Version: the build version (`__APP_VERSION__`). */
  appVersion: string;
  /** The session, or null before login. Read on every request. */
  getAuth: () => ApiAuth | null;
  /** Client-Unique: this browser's persisted random id. Read on every request. */
  getClientUniqueId: () => string;
  /** Called for every failed call not flagged `ignoreErrors` (the app shows the outcome). */
  onGlobalFailure?: (outcome: GlobalOutcome, error: ApiError) => void;
}

let current: ApiConfig | null = null;

/** Called once by the app at start (and by tests); a later call replaces the configuration. */
export function configureApi(config: ApiConfig): void {
  current = { ...config };
}

/** The configuration `callApi` uses; throws when the app forgot to call `configureApi`. */
export function getApiConfig(): ApiConfig {
  if (!current) throw new Error('configureApi() must be called before the first API call');
  return current;
}

/** Whether `configureApi` has been called (the activity log starts only then). */
export function isApiConfigured(): boolean {
  return current !== null;
}
