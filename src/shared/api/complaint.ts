import { z } from 'zod';
import { complaintDeadlineRuleNames } from '../complaint-deadlines.ts';
import { auditReasonSchema } from './audit.ts';
import { idParamSchema, idSchema, isoDateSchema, isoDateTimeSchema, textSchema, staffNameSchema } from './common.ts';
import { defineCall } from './define.ts';
import { pageQueryFields, paged } from './paging.ts';
import { ADMINS, CAM_ADMINS } from './roles.ts';
import { statusHistoryEntrySchema } from './status-history-schemas.ts';

/**
 * Complaints with their answer deadline (docs/backoffice.md §5 "Complaints", docs/rules/complaints.md), served by
 * `modules/complaint`. Agents and administrators only: a collection company's user gets 403. A complaint is never
 * removed: the supervisor is reported every one, so a case filed by mistake becomes `void` with its reason.
 */

export const complaintChannels = ['phone', 'email', 'web', 'letter', 'bde'] as const;
export const complaintCategories = ['loan', 'payments', 'collection', 'personalData', 'service', 'other'] as const;
export const complaintStatuses = ['open', 'inProgress', 'answered', 'closed', 'void'] as const;
export const complaintResolutions = ['upheld', 'partiallyUpheld', 'rejected', 'withdrawn'] as const;

export type ComplaintChannel = (typeof complaintChannels)[number];
export type ComplaintCategory = (typeof complaintCategories)[number];
export type ComplaintStatus = (typeof complaintStatuses)[number];
export type ComplaintResolution = (typeof complaintResolutions)[number];

/** How far back a filing date may be (`ComplaintReceivedTooLongAgo`), in calendar years from today in Madrid. */
export const COMPLAINT_RECEIVED_MAX_YEARS = 2;

/** The statuses ComplaintStatusPost may set: `void` only through ComplaintDelete. */
export const complaintStatusTargets = ['inProgress', 'answered', 'closed'] as const;

/**
 * The moves ComplaintStatusPost allows: a case is taken up, answered (with the answer's text and resolution) and
 * closed; a case answered straight away skips `inProgress`. An answer is final (a customer's reply to it is a new
 * complaint, with its own deadline); `closed` and `void` are final.
 */
export const COMPLAINT_STATUS_MOVES: Readonly<Record<ComplaintStatus, readonly ComplaintStatus[]>> = {
  open: ['inProgress', 'answered'],
  inProgress: ['answered'],
  answered: ['closed'],
  closed: [],
  void: [],
};

/** The Spanish adjective of a status, for the staff messages ('Una reclamación abierta no puede pasar a cerrada'). */
export const COMPLAINT_STATUS_WORDS: Readonly<Record<ComplaintStatus, string>> = {
  open: 'abierta',
  inProgress: 'en curso',
  answered: 'respondida',
  closed: 'cerrada',
  void: 'anulada',
};

export const complaintStatusSchema = z.enum(complaintStatuses);
const channelSchema = z.enum(complaintChannels);
const categorySchema = z.enum(complaintCategories);
const resolutionSchema = z.enum(complaintResolutions);
const deadlineRuleSchema = z.enum(complaintDeadlineRuleNames);

const subjectSchema = textSchema().trim().min(3, 'Escribe el asunto (al menos 3 caracteres)').max(200);
const descriptionSchema = textSchema()
  .trim()
  .min(3, 'Describe la reclamación (al menos 3 caracteres)')
  .max(5000, 'La descripción no puede tener más de 5000 caracteres');
const answerTextSchema = textSchema()
  .trim()
  .min(3, 'Escribe la respuesta (al menos 3 caracteres)')
  .max(10000, 'La respuesta no puede tener más de 10000 caracteres');

/** One complaint with its deadline as of today (as of its answer once answered, of its voiding once void). */
export const complaintSchema = z.object({
  id: idSchema,
  customerId: idSchema,
  customerName: z.string(),
  loanId: idSchema.nullable(),
  channel: channelSchema,
  category: categorySchema,
  subject: z.string(),
  description: z.string(),
  /** When the customer filed it: the deadline runs from its Madrid date. */
  receivedAt: isoDateTimeSchema,
  deadlineRule: deadlineRuleSchema,
  /** The last day to answer (Madrid). */
  dueOn: isoDateSchema,
  /** Calendar days to `dueOn` (0 on the day itself, negative once passed). */
  daysLeft: z.number().int(),
  overdue: z.boolean(),
  /** 'Plazo de respuesta: hasta el DD/MM/YYYY (quedan N días)' or 'Plazo vencido'. */
  deadlineText: z.string(),
  assignedStaff: staffNameSchema.nullable(),
  status: complaintStatusSchema,
  resolution: resolutionSchema.nullable(),
  answerText: z.string().nullable(),
  answeredAt: isoDateTimeSchema.nullable(),
  voidReason: z.string().nullable(),
  voidedAt: isoDateTimeSchema.nullable(),
  createdBy: staffNameSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Complaint = z.infer<typeof complaintSchema>;

const complaintParams = z.strictObject({ complaintId: idParamSchema });

/**
 * Records a complaint a customer filed (status `open`), with its deadline: `receivedAt` defaults to now, may not be
 * later nor more than two years ago; the rule defaults to `consumerOneMonth`. A loan named must be the customer's.
 */
export const ComplaintCreatePost = defineCall({
  name: 'ComplaintCreatePost',
  method: 'POST',
  path: '/api/customer/complaintCase',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: z.strictObject({
    customerId: idSchema,
    loanId: idSchema.nullable().optional(),
    channel: channelSchema,
    category: categorySchema,
    subject: subjectSchema,
    description: descriptionSchema,
    receivedAt: isoDateTimeSchema.optional(),
    deadlineRule: deadlineRuleSchema.optional(),
    assignedStaffId: idSchema.nullable().optional(),
  }),
  response: complaintSchema,
  errors: [
    'StaffCustomerNotFound',
    'StaffLoanNotFound',
    'ComplaintReceivedInFuture',
    'ComplaintReceivedTooLongAgo',
    'ComplaintAssigneeNotFound',
  ],
});

/**
 * Changes what was recorded of a complaint (only the fields sent); a new filing date or rule moves the deadline.
 * Closed and void complaints stay as they are.
 */
export const ComplaintUpdatePut = defineCall({
  name: 'ComplaintUpdatePut',
  method: 'PUT',
  path: '/api/customer/complaintCase/:complaintId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: complaintParams,
  body: z.strictObject({
    loanId: idSchema.nullable().optional(),
    channel: channelSchema.optional(),
    category: categorySchema.optional(),
    subject: subjectSchema.optional(),
    description: descriptionSchema.optional(),
    receivedAt: isoDateTimeSchema.optional(),
    deadlineRule: deadlineRuleSchema.optional(),
    assignedStaffId: idSchema.nullable().optional(),
    reason: auditReasonSchema.optional(),
  }),
  response: complaintSchema,
  errors: [
    'StaffComplaintNotFound',
    'StaffLoanNotFound',
    'ComplaintNotEditable',
    'ComplaintNothingToChange',
    'ComplaintReceivedInFuture',
    'ComplaintReceivedTooLongAgo',
    'ComplaintAssigneeNotFound',
  ],
});

/**
 * Moves the complaint along `COMPLAINT_STATUS_MOVES`, with the reason (its history row and audit record).
 * `answered` needs the answer sent to the customer and its resolution, and stops the deadline's clock.
 */
export const ComplaintStatusPost = defineCall({
  name: 'ComplaintStatusPost',
  method: 'POST',
  path: '/api/customer/complaintCase/:complaintId/status',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: complaintParams,
  body: z.strictObject({
    status: z.enum(complaintStatusTargets),
    reason: auditReasonSchema,
    answerText: answerTextSchema.optional(),
    resolution: resolutionSchema.optional(),
  }),
  response: complaintSchema,
  errors: [
    'StaffComplaintNotFound',
    'ComplaintStatusMoveNotAllowed',
    'ComplaintAnswerRequired',
    'ComplaintAnswerNotExpected',
  ],
});

/** One complaint with its deadline as of today (the case page of the back office, opened by its address). */
export const ComplaintGet = defineCall({
  name: 'ComplaintGet',
  method: 'GET',
  path: '/api/customer/complaintCase/:complaintId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: complaintParams,
  response: complaintSchema,
  errors: ['StaffComplaintNotFound'],
});

export const complaintStatusHistoryEntrySchema = statusHistoryEntrySchema(complaintStatusSchema);
export type ComplaintStatusHistoryEntry = z.infer<typeof complaintStatusHistoryEntrySchema>;

/** The complaint's status changes, newest first, from its creation (`fromStatus` null) on. */
export const ComplaintHistoryGet = defineCall({
  name: 'ComplaintHistoryGet',
  method: 'GET',
  path: '/api/customer/complaintCase/:complaintId/history',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: complaintParams,
  response: z.array(complaintStatusHistoryEntrySchema),
  errors: ['StaffComplaintNotFound'],
});

/**
 * The complaints, by the last day to answer (`dueOn`, ties by id; `-dueOn` the latest first). Filters: a status;
 * `overdue` (`true`: the deadline passed before the answer, or before today while none came; `false`: the others);
 * the staff member assigned; the customer.
 */
export const ComplaintsGet = defineCall({
  name: 'ComplaintsGet',
  method: 'GET',
  path: '/api/customer/complaintCases',
  auth: 'staff',
  roles: CAM_ADMINS,
  query: z.strictObject({
    status: complaintStatusSchema.optional(),
    overdue: z.enum(['true', 'false']).optional(),
    assignedStaffId: idParamSchema.optional(),
    customerId: idParamSchema.optional(),
    sort: z.enum(['dueOn', '-dueOn']).default('dueOn'),
    ...pageQueryFields,
  }),
  response: paged(complaintSchema),
  errors: ['StaffCustomerNotFound'],
});

/** Administrators void a complaint recorded by mistake, with the reason; the row and its history stay. */
export const ComplaintDelete = defineCall({
  name: 'ComplaintDelete',
  method: 'DELETE',
  path: '/api/customer/complaintCase/:complaintId',
  auth: 'staff',
  roles: ADMINS,
  params: complaintParams,
  body: z.strictObject({ reason: auditReasonSchema }),
  response: complaintSchema,
  errors: ['StaffComplaintNotFound', 'ComplaintNotEditable'],
});

export const complaintCalls = {
  ComplaintCreatePost,
  ComplaintUpdatePut,
  ComplaintStatusPost,
  ComplaintGet,
  ComplaintHistoryGet,
  ComplaintsGet,
  ComplaintDelete,
} as const;
