import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { saveFlow } from '../../lib/loan-flow/saved-flow.ts';
import type { LoanFlowLoaded, SavedLoanFlow } from '../../lib/storage/loan-flow-atom.ts';
import type { AppStore } from '../../lib/storage/store.ts';
import type { LoanFlowFormValues, LoanFlowStep } from '../../shared/api/loan.ts';
import type { IsoDate } from '../../shared/calendar.ts';
import { paymentDatesFrom } from './api/payment-dates.ts';

type Values = LoanFlowFormValues;
type PlanSet = LoanFlowLoaded['plans'];

export interface FormPersistenceInput {
  store: AppStore;
  flow: SavedLoanFlow;
  step: LoanFlowStep;
  loaded: LoanFlowLoaded;
  today: IsoDate;
  /** The form's first values and plans (the refs start from them). */
  values: Values;
  planSet: PlanSet;
  setValues: (values: Values) => void;
}

/**
 * The form saved with its flow: `persist` writes the values, the request's DTO and the plans (saveFlow); `change`
 * applies a patch to the values and persists them. `valuesRef` and `planSetRef` hold the latest values and plans.
 */
export function useFormPersistence({
  store,
  flow,
  step,
  loaded,
  today,
  values,
  planSet,
  setValues,
}: FormPersistenceInput) {
  const flowRef = useRef(flow);
  const valuesRef = useRef(values);
  const planSetRef = useRef(planSet);
  const loadedRef = useRef(loaded);
  useLayoutEffect(() => {
    flowRef.current = flow;
    loadedRef.current = loaded;
  }, [flow, loaded]);

  const persist = useCallback(
    (next: Values, nextPlans: PlanSet) => {
      const current = flowRef.current;
      const date = next.firstRepaymentDate ?? null;
      const dto = date
        ? {
            ...current.dto,
            amount: next.product ?? current.dto.amount,
            issueDate: today,
            paymentDates: paymentDatesFrom(date),
            salaryCalculationDetails: { ...current.dto.salaryCalculationDetails, nextSalaryDate: date },
          }
        : { ...current.dto, amount: next.product ?? current.dto.amount };
      const saved: SavedLoanFlow = {
        ...current,
        step,
        dto,
        formValues: next,
        loaded: { ...loadedRef.current, plans: nextPlans },
      };
      flowRef.current = saved;
      void saveFlow(store, saved);
    },
    [store, step, today],
  );

  const change = (patch: Values) => {
    const next = { ...valuesRef.current, ...patch };
    valuesRef.current = next;
    setValues(next);
    persist(next, planSetRef.current);
  };

  // Initial values that differ from the saved ones (the default date, a single account) are saved once.
  const initialSaved = useRef(false);
  useEffect(() => {
    if (initialSaved.current) return;
    initialSaved.current = true;
    if (JSON.stringify(valuesRef.current) !== JSON.stringify(flow.formValues))
      persist(valuesRef.current, planSetRef.current);
  }, [flow.formValues, persist]);

  return { persist, change, valuesRef, planSetRef };
}
