import { z } from 'zod';
import { ANALYTICS_EVENT_NAMES, ANALYTICS_LIMITS, ANALYTICS_PROP_KEY } from '../analytics.ts';
import { routeList } from '../routes/table.ts';
import { isoDateTimeSchema, textSchema } from './common.ts';
import { defineCall } from './define.ts';

/**
 * The product's own analytics (first document §7 "page views and events sent to an analytics service"): the
 * client posts small batches of page views and events, only with the customer's analytics/performance
 * cookie permission (src/lib/analytics). No third party: they are stored in `analytics_events` and counted there.
 *
 * Public (visitors send them too); with a valid session the server records the session's customer, never an id of
 * the body. The browser is named by `clientId`, its Client-Unique id.
 */

/** Page names: the route table's path patterns (`/`, `/rollover/:loanId?`, `*` for the 404 page). */
export const ANALYTICS_PAGE_NAMES = [...new Set(routeList.map((route) => route.path))] as [string, ...string[]];

/** A property's value: flat (no objects or arrays), text bounded. */
const propValueSchema = z.union([textSchema().max(ANALYTICS_LIMITS.propTextChars), z.number(), z.boolean(), z.null()]);

export const analyticsPropsSchema = z
  .record(z.string().max(ANALYTICS_LIMITS.propKeyChars).regex(ANALYTICS_PROP_KEY), propValueSchema)
  .refine((props) => Object.keys(props).length <= ANALYTICS_LIMITS.propsPerItem, {
    message: `Como máximo ${ANALYTICS_LIMITS.propsPerItem} propiedades`,
  });
export type AnalyticsPropsPayload = z.infer<typeof analyticsPropsSchema>;

/** When it happened on the device, ISO 8601 with offset. */
const occurredAtSchema = isoDateTimeSchema;

export const analyticsPageViewSchema = z.strictObject({
  kind: z.literal('page'),
  name: z.enum(ANALYTICS_PAGE_NAMES),
  occurredAt: occurredAtSchema,
});

export const analyticsEventSchema = z.strictObject({
  kind: z.literal('event'),
  name: z.enum(ANALYTICS_EVENT_NAMES),
  props: analyticsPropsSchema.optional(),
  occurredAt: occurredAtSchema,
});

export const analyticsItemSchema = z.discriminatedUnion('kind', [analyticsPageViewSchema, analyticsEventSchema]);
export type AnalyticsItem = z.infer<typeof analyticsItemSchema>;

export const analyticsBatchSchema = z.strictObject({
  /** This browser's Client-Unique id (the header every request carries). */
  clientId: textSchema()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
  items: z.array(analyticsItemSchema).min(1).max(ANALYTICS_LIMITS.itemsPerRequest),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

export const AnalyticsEventsPost = defineCall({
  name: 'AnalyticsEventsPost',
  method: 'POST',
  path: '/api/analytics/events',
  auth: 'optional',
  roles: ['public'],
  body: analyticsBatchSchema,
  /** How many were stored (all of them: a batch is stored whole or refused whole). */
  response: z.object({ stored: z.number().int() }),
});

/** The analytics calls by name (for the contract index). */
export const analyticsCalls = { AnalyticsEventsPost } as const;
