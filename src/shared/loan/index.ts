export * from './loan-definition.ts';
export * from './payment-dates.ts';
export * from './repayment-window.ts';
export * from './plan.ts';
export * from './annex-one-time.ts';
export * from './tae.ts';
export * from './disclaimer.ts';
export * from './payment-amounts.ts';
