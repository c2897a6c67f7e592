import type { LoanDefinition } from '../../../shared/loan/loan-definition.ts';
import { monthlyRatePercent, nominalAnnualRatePercent } from '../../../shared/loan/loan-definition.ts';
import { formatMoney, formatPercent } from '../../../shared/money.ts';
import { markup } from './html.ts';

export interface TermsHtmlInput {
  readonly brand: string;
  readonly definition: LoanDefinition;
}

/**
 * The general terms and conditions (AgreementPost's `termsAndConditions`), in Spanish. The product's figures
 * (amounts, number of instalments, rate) come from the loan definition, so the terms never disagree with the
 * contract. Legal references: Ley 16/2011 de contratos de crédito al consumo, Ley 22/2007 de comercialización a
 * distancia de servicios financieros, Reglamento (UE) 2016/679 and Ley Orgánica 3/2018 (datos personales).
 */
export function renderTermsHtml({ brand, definition }: TermsHtmlInput): string {
  return markup`<section class="loan-terms" lang="es">
  <h1>Términos y Condiciones</h1>

  <h2>1. Objeto</h2>
  <p>Estas condiciones generales regulan los préstamos al consumo que ${brand} concede a través de su aplicación a personas físicas residentes en España, mayores de edad, con DNI o NIE y una cuenta bancaria española a su nombre.</p>

  <h2>2. El producto</h2>
  <ul>
    <li>Importe: de ${formatMoney(definition.minAmountCents)} a ${formatMoney(definition.maxAmountCents)}, o hasta el límite de crédito que ${brand} le haya concedido.</li>
    <li>Plazo: de ${definition.minInstallments} a ${definition.maxInstallments} cuotas mensuales de igual importe.</li>
    <li>Tipo deudor fijo: ${formatPercent(monthlyRatePercent(definition), 2)} mensual (${formatPercent(nominalAnnualRatePercent(definition), 2)} anual). El contrato de cada préstamo indica su TAE, calculada conforme al Anexo I de la Ley 16/2011.</li>
    <li>Sin comisiones de apertura ni de estudio, y sin compensación por reembolso anticipado.</li>
  </ul>

  <h2>3. Solicitud y concesión</h2>
  <p>La solicitud se realiza en la aplicación. ${brand} evalúa la solvencia del solicitante con la información que este facilita y con la que obtenga de su cuenta bancaria, con su consentimiento, y de los ficheros de solvencia, conforme al artículo 14 de la Ley 16/2011. ${brand} puede denegar una solicitud sin estar obligado a indicar el motivo, salvo que la denegación se base en la consulta de un fichero, en cuyo caso se le informará del resultado de la consulta.</p>

  <h2>4. Entrega del dinero</h2>
  <p>Una vez aceptado el contrato y verificada la identidad del cliente, el importe se transfiere a la cuenta bancaria indicada por el cliente, de la que debe ser titular.</p>

  <h2>5. Pago de las cuotas</h2>
  <p>Cada cuota vence en la fecha indicada en el cuadro de amortización del contrato. El cliente autoriza el cobro de las cuotas en la tarjeta de débito que haya registrado; también puede pagar en la aplicación con tarjeta o por transferencia bancaria. Los pagos se aplican primero a la cuota impagada más antigua.</p>

  <h2>6. Retrasos en el pago</h2>
  <p>Si una cuota no se paga a su vencimiento, ${brand} se pondrá en contacto con el cliente para buscar una solución, que puede incluir una prórroga o una reestructuración de la deuda cuando estén disponibles. La falta de pago puede dar lugar a la inclusión de la deuda en ficheros de solvencia patrimonial, con aviso previo, y a su reclamación judicial o extrajudicial.</p>

  <h2>7. Derecho de desistimiento</h2>
  <p>El cliente puede desistir del contrato en los 14 días naturales siguientes a su firma, sin indicar motivo y sin penalización, devolviendo el capital recibido y los intereses devengados hasta la devolución (artículo 28 de la Ley 16/2011).</p>

  <h2>8. Reembolso anticipado</h2>
  <p>El cliente puede devolver el préstamo total o parcialmente en cualquier momento, con reducción de los intereses del plazo que quede por transcurrir (artículo 30 de la Ley 16/2011).</p>

  <h2>9. Comunicaciones</h2>
  <p>Las comunicaciones se realizan por la aplicación, SMS, correo electrónico y notificaciones en el dispositivo. El cliente puede retirar en cualquier momento su consentimiento a recibir comunicaciones comerciales.</p>

  <h2>10. Protección de datos</h2>
  <p>${brand} trata los datos personales del cliente para gestionar la solicitud y el préstamo, evaluar su solvencia y cumplir sus obligaciones legales, conforme al Reglamento (UE) 2016/679 y a la Ley Orgánica 3/2018. El cliente puede ejercer sus derechos de acceso, rectificación, supresión, oposición, limitación y portabilidad, y reclamar ante la Agencia Española de Protección de Datos.</p>

  <h2>11. Reclamaciones</h2>
  <p>El cliente puede presentar sus quejas y reclamaciones ante el servicio de atención al cliente de ${brand}, que responderá en el plazo legal. Si no está conforme con la respuesta, puede dirigirse a las autoridades de consumo competentes.</p>

  <h2>12. Ley aplicable</h2>
  <p>Estas condiciones se rigen por la legislación española, en particular la Ley 16/2011, de 24 de junio, de contratos de crédito al consumo, y la Ley 22/2007, de 11 de julio, sobre comercialización a distancia de servicios financieros destinados a los consumidores.</p>
</section>
`.value;
}
