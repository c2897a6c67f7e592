import { lazy } from 'react';

/** The flow's modals, loaded when first opened (the route's own chunk stays small). */
export const AgreementModal = lazy(() => import('./AgreementModal.tsx'));
export const EmailModal = lazy(() => import('../../../lib/email/EmailUpdateModal.tsx'));
/** The agreement step after the request (pre-contract information, agreement, acceptance): its own chunk. */
export const AgreementStepModal = lazy(() => import('./AgreementStepModal.tsx'));
/** The add-card modal opened from the no-card notice (the card form and its 3-D Secure): its own chunk. */
export const AddCardModal = lazy(() => import('./AddCardModal.tsx'));
