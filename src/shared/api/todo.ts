import { z } from 'zod';
import { auditReasonSchema } from './audit.ts';
import { idParamSchema, idSchema, isoDateSchema, isoDateTimeSchema, textSchema } from './common.ts';
import { defineCall } from './define.ts';
import { pageQueryFields, paged } from './paging.ts';
import { CAM_ADMINS } from './roles.ts';

/**
 * The staff's to-dos (docs/backoffice.md §5 "To-dos and call timing"), served by `modules/todo`: read one, a
 * customer's, a paged list with filters; create, change (or mark done with the outcome) and cancel. Every write is
 * audited. A welcome call booked by a customer makes its own to-do (kind `welcomeCall`), moved with the booking.
 */

export const todoKinds = ['welcomeCall', 'callBack', 'documentReview', 'complaint', 'general'] as const;
export const todoKindSchema = z.enum(todoKinds);
export type TodoKind = z.infer<typeof todoKindSchema>;
/** What staff create by hand: a welcome call comes only from a customer's booking. */
export const creatableTodoKindSchema = todoKindSchema.exclude(['welcomeCall']);

export const todoStatuses = ['open', 'done', 'cancelled'] as const;
export const todoStatusSchema = z.enum(todoStatuses);
export type TodoStatus = z.infer<typeof todoStatusSchema>;

const staffNameSchema = z.object({ id: idSchema, fullName: z.string() });

export const todoItemSchema = z.object({
  id: idSchema,
  customerId: idSchema.nullable(),
  customerName: z.string().nullable(),
  loanId: idSchema.nullable(),
  complaintId: idSchema.nullable(),
  /** The welcome-call booking this to-do follows. */
  callBookingId: idSchema.nullable(),
  /** Null: the team's (anyone may take it). */
  assignedTo: staffNameSchema.nullable(),
  kind: todoKindSchema,
  title: z.string(),
  notes: z.string().nullable(),
  dueAt: isoDateTimeSchema,
  status: todoStatusSchema,
  doneAt: isoDateTimeSchema.nullable(),
  doneBy: staffNameSchema.nullable(),
  outcome: z.string().nullable(),
  /** Null when the system made it (a booking). */
  createdBy: staffNameSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type TodoItem = z.infer<typeof todoItemSchema>;

const titleSchema = textSchema()
  .trim()
  .min(1, 'Escribe el título')
  .max(200, 'El título no puede pasar de 200 caracteres');
const notesSchema = textSchema().trim().max(2000, 'Las notas no pueden pasar de 2.000 caracteres');
const outcomeSchema = textSchema()
  .trim()
  .min(3, 'Escribe el resultado (al menos 3 caracteres)')
  .max(2000, 'El resultado no puede pasar de 2.000 caracteres');
const todoParams = z.strictObject({ todoId: idParamSchema });

/** One to-do. */
export const TodoItemGet = defineCall({
  name: 'TodoItemGet',
  method: 'GET',
  path: '/api/todo/getToDoItem/:todoId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: todoParams,
  response: todoItemSchema,
  errors: ['TodoNotFound'],
});

/** A customer's to-dos, every status, by due time (the customer file). */
export const TodoItemsGet = defineCall({
  name: 'TodoItemsGet',
  method: 'GET',
  path: '/api/todo/getToDoItems',
  auth: 'staff',
  roles: CAM_ADMINS,
  query: z.strictObject({ customerId: idParamSchema }),
  response: z.array(todoItemSchema),
  errors: ['StaffCustomerNotFound'],
});

export const todoSortFields = ['dueAt', '-dueAt'] as const;

/**
 * The to-do list: `assigned` `me` (mine), `team` (nobody's: the team's queue) or `all`; due between two Madrid days
 * (both included); of a kind, a status, a customer. By due time, oldest first unless `sort` is `-dueAt`.
 */
export const TodoPagedPost = defineCall({
  name: 'TodoPagedPost',
  method: 'POST',
  path: '/api/todo/paginated',
  auth: 'staff',
  roles: CAM_ADMINS,
  writes: false,
  body: z.strictObject({
    assigned: z.enum(['me', 'team', 'all']).default('all'),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    kind: todoKindSchema.optional(),
    status: todoStatusSchema.optional(),
    customerId: idSchema.optional(),
    sort: z.enum(todoSortFields).default('dueAt'),
    ...pageQueryFields,
  }),
  response: paged(todoItemSchema),
  errors: ['DateRangeInvalid'],
});

/**
 * A new to-do, open. `assignedStaffId` omitted: the author's; null: the team's. A loan needs its customer (and must
 * be theirs).
 */
export const TodoCreatePost = defineCall({
  name: 'TodoCreatePost',
  method: 'POST',
  path: '/api/todo/create',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: z
    .strictObject({
      customerId: idSchema.optional(),
      loanId: idSchema.optional(),
      assignedStaffId: idSchema.nullable().optional(),
      kind: creatableTodoKindSchema,
      title: titleSchema,
      notes: notesSchema.optional(),
      dueAt: isoDateTimeSchema,
    })
    .refine((body) => body.loanId === undefined || body.customerId !== undefined, {
      error: 'Un préstamo necesita su cliente',
      path: ['customerId'],
    }),
  response: todoItemSchema,
  errors: ['StaffCustomerNotFound', 'StaffLoanNotFound', 'TodoAssigneeInvalid'],
});

/**
 * Changes an open to-do: title, notes, due time (not a booked call's), who has it; `status: 'done'` with the
 * `outcome` closes it (who and when are kept). Done and cancelled to-dos are final.
 */
export const TodoUpdatePut = defineCall({
  name: 'TodoUpdatePut',
  method: 'PUT',
  path: '/api/todo/update/:todoId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: todoParams,
  body: z
    .strictObject({
      title: titleSchema.optional(),
      notes: notesSchema.nullable().optional(),
      dueAt: isoDateTimeSchema.optional(),
      assignedStaffId: idSchema.nullable().optional(),
      status: z.literal('done').optional(),
      outcome: outcomeSchema.optional(),
    })
    .refine((body) => (body.status === 'done') === (body.outcome !== undefined), {
      error: 'Para dar una tarea por hecha escribe su resultado, y el resultado solo va con una tarea hecha',
      path: ['outcome'],
    }),
  response: todoItemSchema,
  errors: ['TodoNotFound', 'TodoClosed', 'TodoAssigneeInvalid', 'TodoDueFromBooking', 'NothingToChange'],
});

/** Cancels an open to-do (the row stays, `cancelled`). */
export const TodoDelete = defineCall({
  name: 'TodoDelete',
  method: 'DELETE',
  path: '/api/todo/:todoId',
  auth: 'staff',
  roles: CAM_ADMINS,
  params: todoParams,
  body: z.strictObject({ reason: auditReasonSchema.optional() }),
  response: todoItemSchema,
  errors: ['TodoNotFound', 'TodoClosed'],
});

export const todoCalls = {
  TodoItemGet,
  TodoItemsGet,
  TodoPagedPost,
  TodoCreatePost,
  TodoUpdatePut,
  TodoDelete,
} as const;
