/**
 * The todo module: the staff's to-dos (docs/backoffice.md §5 "To-dos and call timing"). It owns `todo_items`; the
 * calls module makes and moves a booking's welcome-call to-do through `createForBooking` (dependency one way:
 * calls → todo).
 */
export { createForBooking, type BookingTodo } from './bookings.ts';
export { openCallsByAgentAt } from './repository.ts';
export { todoRoutes } from './routes.ts';
