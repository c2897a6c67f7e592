import { useState } from 'react';
import { DatePicker } from '../../../lib/ui/DatePicker.tsx';
import { isWeekendIso, todayInMadrid } from '../../../shared/dates.ts';
import { firstRepaymentWindow } from '../../../shared/loan/repayment-window.ts';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages.ts';
import { birthDateBounds } from '../../../shared/validators/birth-date.ts';
import { GuideSection } from './GuideSection.tsx';
import { Example } from './Example.tsx';

export function DatesSection({ id, title }: { id: string; title: string }) {
  const [repaymentWindow] = useState(() => firstRepaymentWindow(todayInMadrid(), []));
  const [birthBounds] = useState(() => birthDateBounds());
  const [repaymentDate, setRepaymentDate] = useState<string | null>(repaymentWindow.defaultDate);
  const [birthDate, setBirthDate] = useState<string | null>(null);
  return (
    <GuideSection
      id={id}
      title={title}
      description="Las fechas solo se eligen en el calendario (no se escriben); la semana empieza el lunes."
    >
      <Example title="Primera cuota">
        <DatePicker
          label="Fecha del primer pago"
          name="firstRepaymentDate"
          value={repaymentDate}
          onChange={setRepaymentDate}
          min={repaymentWindow.earliest}
          max={repaymentWindow.latest}
          isDateUnavailable={isWeekendIso}
          description="Los fines de semana y festivos no se pueden elegir."
        />
        <p className="design-guide-result">Valor: {repaymentDate ?? 'sin fecha'}</p>
      </Example>
      <Example title="Fecha de nacimiento">
        <DatePicker
          label="Fecha de nacimiento"
          name="birthDate"
          value={birthDate}
          onChange={setBirthDate}
          min={birthBounds.earliest}
          max={birthBounds.latest}
          placeholderValue={birthBounds.latest}
          withMonthAndYearPickers
        />
      </Example>
      <Example title="Con error y desactivada">
        <DatePicker
          label="Fecha de la llamada"
          name="callDay"
          value={null}
          errorMessage={VALIDATION_MESSAGES.required}
        />
        <DatePicker label="Fecha de emisión" name="issueDate" value={todayInMadrid()} isDisabled />
      </Example>
    </GuideSection>
  );
}
