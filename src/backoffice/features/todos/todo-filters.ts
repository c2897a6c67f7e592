import type { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE } from '../../../shared/api/paging.ts';
import {
  todoKinds,
  todoStatuses,
  type TodoKind,
  type TodoPagedPost,
  type TodoStatus,
} from '../../../shared/api/todo.ts';
import { addDaysIso, isIsoDate, todayInMadrid } from '../../../shared/dates.ts';
import { PAGE_PARAM, pageFromUrl } from '../../lib/paths.ts';

/**
 * The to-do list's filters as the URL holds them (`/tareas?de=equipo&tipo=callBack&estado=todos&desde=…&hasta=…
 * &vista=lista&pagina=2`), so a view can be linked and the back button returns to it.
 */

export const FILTER_PARAMS = {
  assigned: 'de',
  kind: 'tipo',
  status: 'estado',
  from: 'desde',
  to: 'hasta',
  view: 'vista',
} as const;

export type Assigned = 'me' | 'team' | 'all';
const ASSIGNED_IN_URL: Record<Assigned, string> = { me: 'mias', team: 'equipo', all: 'todas' };
/** `estado=todos`: every status; without it, the open ones. */
export const ANY_STATUS = 'todos';
export const LIST_VIEW = 'lista';
/** The day view: today and the next days. */
export const DAY_VIEW_DAYS = 7;
/** The day view reads a whole week at once (the contract's largest page). */
const DAY_VIEW_PAGE_SIZE = 100;

export interface TodoFilters {
  assigned: Assigned;
  kind: TodoKind | undefined;
  /** Undefined: every status. */
  status: TodoStatus | undefined;
  from: string | undefined;
  to: string | undefined;
  view: 'days' | 'list';
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

export function filtersFromUrl(params: URLSearchParams): TodoFilters {
  const assignedParam = params.get(FILTER_PARAMS.assigned);
  const assigned =
    (Object.keys(ASSIGNED_IN_URL) as Assigned[]).find((key) => ASSIGNED_IN_URL[key] === assignedParam) ?? 'me';
  const statusParam = params.get(FILTER_PARAMS.status);
  const date = (name: string) => {
    const value = params.get(name);
    return value && isIsoDate(value) ? value : undefined;
  };
  return {
    assigned,
    kind: oneOf(todoKinds, params.get(FILTER_PARAMS.kind)),
    status: statusParam === ANY_STATUS ? undefined : (oneOf(todoStatuses, statusParam) ?? 'open'),
    from: date(FILTER_PARAMS.from),
    to: date(FILTER_PARAMS.to),
    view: params.get(FILTER_PARAMS.view) === LIST_VIEW ? 'list' : 'days',
    page: pageFromUrl(params.get(PAGE_PARAM), MAX_PAGE),
  };
}

/** The URL of the filters (the defaults left out). */
export function filtersToUrl(filters: TodoFilters): Record<string, string> {
  const url: Record<string, string> = {};
  if (filters.assigned !== 'me') url[FILTER_PARAMS.assigned] = ASSIGNED_IN_URL[filters.assigned];
  if (filters.kind) url[FILTER_PARAMS.kind] = filters.kind;
  if (filters.status !== 'open') url[FILTER_PARAMS.status] = filters.status ?? ANY_STATUS;
  if (filters.from) url[FILTER_PARAMS.from] = filters.from;
  if (filters.to) url[FILTER_PARAMS.to] = filters.to;
  if (filters.view === 'list') url[FILTER_PARAMS.view] = LIST_VIEW;
  if (filters.page > 1) url[PAGE_PARAM] = String(filters.page);
  return url;
}

/** The days the view covers: the chosen range, or in the day view today and the next `DAY_VIEW_DAYS - 1`. */
export function rangeOf(filters: TodoFilters, today: string = todayInMadrid()): { from?: string; to?: string } {
  if (filters.view === 'list' || filters.from || filters.to) {
    return { ...(filters.from ? { from: filters.from } : {}), ...(filters.to ? { to: filters.to } : {}) };
  }
  return { from: today, to: addDaysIso(today, DAY_VIEW_DAYS - 1) };
}

/** `TodoPagedPost`'s body for the filters. */
export function pagedBody(filters: TodoFilters, today?: string): z.output<typeof TodoPagedPost.body> {
  return {
    assigned: filters.assigned,
    ...rangeOf(filters, today),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    sort: 'dueAt',
    page: filters.page,
    pageSize: filters.view === 'days' ? DAY_VIEW_PAGE_SIZE : DEFAULT_PAGE_SIZE,
  };
}
