import { productFacts } from '../product-facts.ts';

interface HowItWorksStepsProps {
  /** Level of each step's heading in the page outline. */
  headingLevel?: 3 | 4;
}

/** The three steps (first document §2 "three-step how-it-works block", second document §2 'Cómo funciona'). */
export function HowItWorksSteps({ headingLevel = 3 }: HowItWorksStepsProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <ol className="static-steps">
      <li>
        <Heading>Elige tu préstamo</Heading>
        <p>
          Elige cuánto dinero necesitas, de {productFacts.amountMin} a {productFacts.amountMax}, y en cuántas cuotas
          mensuales quieres devolverlo: {productFacts.installmentOptions}. Verás la cuota y la fecha del primer pago
          antes de seguir.
        </p>
      </li>
      <li>
        <Heading>Envía tus datos</Heading>
        <p>
          Regístrate con tu móvil, confirma el código que te enviamos por SMS y completa tus datos personales y
          bancarios. Todo desde el móvil o el ordenador, sin papeles.
        </p>
      </li>
      <li>
        <Heading>Recibe el dinero</Heading>
        <p>
          Si aprobamos tu solicitud, te transferimos el dinero a tu cuenta {productFacts.payoutMinutes} minutos después
          de solicitarlo. El tiempo en que lo veas reflejado depende de tu banco.
        </p>
      </li>
    </ol>
  );
}
