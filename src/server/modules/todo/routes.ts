import type { FastifyInstance } from 'fastify';
import {
  TodoCreatePost,
  TodoDelete,
  TodoItemGet,
  TodoItemsGet,
  TodoPagedPost,
  TodoUpdatePut,
} from '../../../shared/api/todo.ts';
import { registerCall } from '../../http/register-call.ts';
import {
  cancelTodo,
  createTodo,
  customerTodos,
  getTodo,
  pagedTodos,
  updateTodoItem,
  type TodoDeps,
} from './service.ts';

/** The staff's to-dos (docs/backoffice.md §5): one, a customer's, the paged list, create, change, cancel. */
export async function todoRoutes(app: FastifyInstance): Promise<void> {
  const deps: TodoDeps = { db: app.db, clock: app.clock };
  registerCall(app, TodoItemGet, ({ params }) => getTodo(deps, params.todoId));
  registerCall(app, TodoItemsGet, ({ query, requireStaff }) => customerTodos(deps, requireStaff(), query.customerId));
  registerCall(app, TodoPagedPost, ({ body, requireStaff }) => pagedTodos(deps, requireStaff(), body));
  registerCall(app, TodoCreatePost, ({ body, requireStaff, request }) =>
    createTodo(deps, { staff: requireStaff(), request }, body),
  );
  registerCall(app, TodoUpdatePut, ({ params, body, requireStaff, request }) =>
    updateTodoItem(deps, { staff: requireStaff(), request }, params.todoId, body),
  );
  registerCall(app, TodoDelete, ({ params, body, requireStaff, request }) =>
    cancelTodo(deps, { staff: requireStaff(), request }, params.todoId, body.reason),
  );
}
