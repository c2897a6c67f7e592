import type { Executor } from '../../db/connect.ts';
import { detachFromBooking, findBookingTodoForUpdate, insertTodo, updateTodo } from './repository.ts';

/**
 * The welcome-call to-do of a customer's booking (docs/backoffice.md §5 "To-dos and call timing"), written by the
 * calls module in the booking's own transaction. Not audited: the customer acts, not a staff member.
 */

export const WELCOME_CALL_TITLE = 'Llamada de bienvenida';

export interface BookingTodo {
  callBookingId: number;
  customerId: number;
  /** The slot's start. */
  dueAt: Date;
  /** The agent whose hours gave the capacity; null: the team's. */
  assignedStaffId: number | null;
  at: Date;
}

/**
 * Creates the booking's to-do, or moves it when the booking moved (its due time and who has it). A booking whose
 * to-do was done or cancelled gets a new one: the closed one keeps its outcome and loses the link.
 */
export async function createForBooking(db: Executor, booking: BookingTodo): Promise<number> {
  const current = await findBookingTodoForUpdate(db, booking.callBookingId);
  if (current?.status === 'open') {
    await updateTodo(db, current.id, {
      dueAt: booking.dueAt,
      assignedStaffId: booking.assignedStaffId,
      updatedAt: booking.at,
    });
    return current.id;
  }
  if (current) await detachFromBooking(db, current.id, booking.at);
  return insertTodo(db, {
    customerId: booking.customerId,
    callBookingId: booking.callBookingId,
    assignedStaffId: booking.assignedStaffId,
    kind: 'welcomeCall',
    title: WELCOME_CALL_TITLE,
    dueAt: booking.dueAt,
    createdBy: null,
    createdAt: booking.at,
    updatedAt: booking.at,
  });
}
