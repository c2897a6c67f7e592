import { useState } from 'react';
import { Checkbox } from '../../../lib/ui/Checkbox.tsx';
import { Select, type SelectOption } from '../../../lib/ui/Select.tsx';
import { Slider } from '../../../lib/ui/Slider.tsx';
import { Switch } from '../../../lib/ui/Switch.tsx';
import { CALCULATOR } from '../../../shared/constants.ts';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages.ts';
import { FIELD_LABELS } from '../../../shared/messages-identity.ts';
import { GuideSection } from './GuideSection.tsx';
import { Example } from './Example.tsx';

const EMPLOYMENT_OPTIONS: readonly SelectOption[] = [
  { value: 'fullTimeEmployed', label: 'Empleado a tiempo completo' },
  { value: 'selfEmployed', label: 'Autónomo' },
  { value: 'student', label: 'Estudiante' },
  { value: 'retired', label: 'Jubilado' },
  { value: 'other', label: 'Otro (no disponible)', isDisabled: true },
];

const EURO_FORMAT: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
  useGrouping: 'always',
};

export function ChoicesSection({ id, title }: { id: string; title: string }) {
  const [employment, setEmployment] = useState<string | null>(null);
  const [reminders, setReminders] = useState(true);
  return (
    <GuideSection id={id} title={title}>
      <Example title="Lista desplegable">
        <Select
          label="Situación laboral"
          name="employmentStatus"
          options={EMPLOYMENT_OPTIONS}
          value={employment}
          onChange={setEmployment}
        />
        <Select
          label={FIELD_LABELS.companyName}
          name="companyName"
          options={EMPLOYMENT_OPTIONS}
          value={null}
          errorMessage={VALIDATION_MESSAGES.required}
        />
        <Select label="Ingresos mensuales" name="monthlyIncome" options={EMPLOYMENT_OPTIONS} isDisabled />
      </Example>
      <Example title="Deslizadores">
        <Slider
          label="Importe"
          name="amount"
          minValue={CALCULATOR.amountMin}
          maxValue={CALCULATOR.amountMax}
          step={CALCULATOR.amountStep}
          defaultValue={CALCULATOR.amountDefault}
          formatOptions={EURO_FORMAT}
          showRange
        />
        <Slider
          label="Cuotas"
          name="installment"
          minValue={CALCULATOR.installmentsMin}
          maxValue={CALCULATOR.installmentsMax}
          step={CALCULATOR.installmentsStep}
          defaultValue={CALCULATOR.installmentsDefault}
          showRange
        />
        <Slider label="Desactivado" minValue={0} maxValue={10} defaultValue={4} isDisabled />
      </Example>
      <Example title="Casillas e interruptores">
        <Checkbox name="acceptPolicy" errorMessage={VALIDATION_MESSAGES.required} isRequired>
          Acepto la política de privacidad
        </Checkbox>
        <Checkbox name="acceptAgreement" defaultSelected description="Puedes cambiarlo cuando quieras.">
          Quiero recibir ofertas
        </Checkbox>
        <Checkbox isIndeterminate>Selección parcial</Checkbox>
        <Checkbox isDisabled>Desactivada</Checkbox>
        <Switch
          name="paymentReminders"
          isSelected={reminders}
          onChange={setReminders}
          description="Te avisaremos antes de cada cuota."
        >
          Recordatorios de pago
        </Switch>
        <Switch isDisabled>Interruptor desactivado</Switch>
      </Example>
    </GuideSection>
  );
}
