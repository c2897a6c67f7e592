import type { CustomerStatus } from '../../../shared/statuses.ts';

/** The registration path up to `status` (each step a history row). */
export const upTo = (status: CustomerStatus): CustomerStatus[] => {
  const path: CustomerStatus[] = ['new', 'preRegistered', 'registered', 'systemApproved', 'securityChecked'];
  const index = path.indexOf(status);
  return index === -1 ? path : path.slice(0, index + 1);
};
