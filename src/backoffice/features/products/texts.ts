import type { definitionStates } from '../../../shared/api/loan-staff.ts';
import type { LoanProduct } from '../../../shared/loan/loan-definition.ts';

/** `/productos`, the loan definitions' versions and prices (docs/backoffice.md §8 P3): peninsular Spanish, `tú`. */
export const PRODUCT_TEXTS = {
  heading: 'Productos y precios',
  intro:
    'Cada cambio de precio es una versión nueva desde un momento: desde entonces la usan la calculadora de la web, los ejemplos representativos, la TAE y los préstamos nuevos. Un préstamo ya firmado conserva siempre la versión con la que se firmó.',
  loading: 'Cargando los productos…',
  products: { installment: 'Préstamo a plazos', mini: 'Minipréstamo' } satisfies Record<LoanProduct, string>,
  tableLabel: (product: string) => `Versiones de ${product}`,
  columns: {
    version: 'Versión',
    name: 'Nombre',
    price: 'Precio',
    tae: 'TAE del ejemplo',
    validFrom: 'Desde',
    state: 'Estado',
    loans: 'Préstamos',
    actions: 'Acciones',
  },
  price: { installment: (rate: string) => `${rate} % al mes`, mini: (rate: string) => `${rate} % al día` },
  tae: (tae: string) => `${tae} %`,
  states: { inForce: 'En vigor', planned: 'Programada', replaced: 'Sustituida' } satisfies Record<
    (typeof definitionStates)[number],
    string
  >,
  newVersion: 'Nuevo precio',
  newTitle: (product: string) => `Nuevo precio de ${product}`,
  newConfirm: 'Crear la versión',
  newText:
    'Los importes, los plazos y el ejemplo representativo son los de la versión actual. Los préstamos ya firmados no cambian.',
  correct: 'Corregir',
  correctTitle: (version: number) => `Corregir la versión ${version}, aún no en vigor`,
  correctConfirm: 'Guardar la corrección',
  name: 'Nombre del producto',
  rate: { installment: 'Tipo mensual (%)', mini: 'Tipo diario (%)' } satisfies Record<LoanProduct, string>,
  from: 'Desde el día (vacío: ahora mismo)',
  invalid: 'Revisa los datos del precio.',
  created: (product: string, version: number) => `Versión ${version} de ${product} creada.`,
  correctedNotice: (version: number) => `Versión ${version} corregida.`,
} as const;
