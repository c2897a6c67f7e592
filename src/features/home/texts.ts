/**
 * Texts of the home page that the spec does not give verbatim (its own — 'Solicita YA', 'Más Información',
 * 'Pagarás {amount}€ el {date}', the page title — come from src/shared/messages.ts). Plain Spanish in the spec's
 * register.
 */
export const HOME_PAGE_TEXTS = {
  /** Shown only without JavaScript (the pre-rendered home page). */
  calculatorNeedsJavaScript:
    'La calculadora necesita JavaScript. Minipréstamos de {miniMin} a {miniMax}, devueltos en un solo pago; préstamos a plazos de {min} a {max}, de {from} a {to} cuotas mensuales.',
  heroZeroInterestBadge: '0 % en tu primer préstamo',
  /** `{amount}` is the first-loan offer in euros (300). */
  heroZeroInterest:
    'Tu primer préstamo de hasta {amount}€ al 0 %: sin intereses ni comisiones si lo devuelves a tiempo. Elige importe y plazo, envía tus datos y recibe el dinero en 10 minutos.',
  /** The zero-interest hero's call to action: shows the minipréstamo of `{amount}` € in the calculator. */
  heroZeroInterestCta: 'Calcula tu minipréstamo al 0\u00a0%',
  heroStandard:
    'Elige importe y cuotas, envía tus datos y recibe el dinero en tu cuenta 10 minutos después de solicitarlo.',
  calculatorTitle: 'Calcula tu préstamo',
  /** The product switch (a radio group drawn as tabs): its name for assistive technology and its two options. */
  productLegend: 'Tipo de préstamo',
  products: { mini: 'Minipréstamo', installment: 'Préstamo a plazos' },
  amountLabel: '¿Cuánto dinero necesitas?',
  installmentsLabel: '¿En cuántas cuotas mensuales?',
  /** `{count}` is the number of monthly instalments. */
  installmentsOption: '{count} cuotas',
  daysLabel: '¿En cuántos días lo devuelves?',
  /** `{count}` is the minipréstamo's term in days. */
  daysOption: '{count} días',
  /** The minipréstamo's figures: `{days}` to the repayment date, money with the € sign, `{tae}` with the % sign. */
  miniTotals: 'Un solo pago a {days} días: {amount} del préstamo y {interest} de intereses · TAE {tae}',
  /** The interest-free first loan (the plan's `interestFree`): `{interest}` is 0,00 €. */
  miniInterestFree: '{interest} de intereses: tu primer préstamo, al 0 %, si lo devuelves el {date}.',
  /** What is owed when the interest-free loan is not repaid on its date (docs/rules/pricing-and-quotes.md). */
  miniInterestFreeLapse:
    'Si no lo devuelves ese día, pierdes la promoción y pagarás los intereses del precio estándar: {interest} ({total} en total).',
  calculating: 'Calculando tu cuota…',
  /** Offline, nothing of this choice kept: said at once, priced when the connection is back. */
  offline: 'Sin conexión a internet: calcularemos tu cuota en cuanto vuelvas a tener conexión.',
  /** Offline with another choice's figures on screen (dimmed). */
  offlineStale: 'Sin conexión: estas cifras son de tu elección anterior. Las actualizaremos al recuperar la conexión.',
  quoteFailed: 'No hemos podido calcular tu cuota. Comprueba tu conexión e inténtalo de nuevo.',
  retry: 'Reintentar',
  /** `{total}` with the € sign, `{tae}` with the % sign. */
  totals: 'Total a devolver: {total} · TAE {tae}',
  apply: {
    title: 'Empieza tu solicitud',
    phoneLabel: 'Tu número de móvil',
    phoneHint: 'Te enviaremos un código por SMS para confirmarlo.',
    loadFailed: 'No hemos podido cargar el formulario. Comprueba tu conexión e inténtalo de nuevo.',
  },
  agreement: {
    loading: 'Cargando el contrato…',
    frameTitle: 'Contrato de préstamo',
  },
  steps: {
    title: 'Cómo funciona',
    items: [
      {
        title: 'Elige tu préstamo',
        text: 'Elige cuánto dinero necesitas y en cuántas cuotas quieres devolverlo.',
      },
      {
        title: 'Envía tus datos',
        text: 'Envía tus datos personales y bancarios desde el móvil, en pocos minutos.',
      },
      {
        title: 'Recibe el dinero',
        text: 'Te transferimos el dinero 10 minutos después de solicitarlo.',
      },
    ],
  },
  requirements: {
    title: 'Requisitos',
    items: [
      'Tener un teléfono móvil que reciba tu código de acceso.',
      'Tener una cuenta bancaria vinculada a una tarjeta de débito o crédito.',
      'Ser mayor de 18 años.',
      'Residir en España con un DNI o NIE válido.',
    ],
    more: 'Más sobre cómo funciona',
  },
} as const;
