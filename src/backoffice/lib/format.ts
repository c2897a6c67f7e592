import { formatDateTime } from '../../shared/dates.ts';

/** The back office's display formats (docs/backoffice.md §6) over the shared ones: Madrid time, Spanish grouping. */

/** `DD/MM/YYYY HH:mm` of an instant, in Madrid. */
export const formatStaffDateTime = (value: Date | number | string): string => formatDateTime(value).slice(0, 16);

/** A count with the thousands' dot, also for 4 digits: `1000` → `'1.000'`. */
export const formatCount = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
