/** The customer search page's texts (docs/backoffice.md §6). */
export const SEARCH_TEXTS = {
  title: 'Buscar cliente',
  label: 'Buscar cliente',
  placeholder: 'Teléfono, DNI/NIE, nombre, e-mail o nº de préstamo',
  description: 'Pulsa / para ir a este campo.',
  submit: 'Buscar',
  searching: 'Buscando',
  empty: 'Escribe qué buscar',
  noResults: 'Sin resultados',
  tableLabel: 'Clientes encontrados',
  columns: { name: 'Nombre', nationalId: 'DNI/NIE', phone: 'Teléfono', email: 'E-mail', status: 'Estado' },
  count: (total: string, capped: boolean, one: boolean) =>
    capped ? `más de ${total} clientes` : one ? '1 cliente' : `${total} clientes`,
  paging: 'Páginas de resultados',
} as const;
