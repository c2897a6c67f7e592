import type {
  ComplaintCategory,
  ComplaintChannel,
  ComplaintResolution,
  ComplaintStatus,
} from '../../../shared/api/complaint.ts';

/** The complaints' screens (docs/backoffice.md §5 "Complaints", §6): peninsular Spanish, `tú`. */

export const COMPLAINT_STATUS_LABELS: Readonly<Record<ComplaintStatus, string>> = {
  open: 'Abierta',
  inProgress: 'En curso',
  answered: 'Respondida',
  closed: 'Cerrada',
  void: 'Anulada',
};

export const COMPLAINT_CATEGORY_LABELS: Readonly<Record<ComplaintCategory, string>> = {
  loan: 'Préstamo',
  payments: 'Pagos',
  collection: 'Recobro',
  personalData: 'Datos personales',
  service: 'Atención al cliente',
  other: 'Otra',
};

export const COMPLAINT_CHANNEL_LABELS: Readonly<Record<ComplaintChannel, string>> = {
  phone: 'Teléfono',
  email: 'E-mail',
  web: 'Web',
  letter: 'Carta',
  bde: 'Banco de España',
};

export const COMPLAINT_RESOLUTION_LABELS: Readonly<Record<ComplaintResolution, string>> = {
  upheld: 'Estimada',
  partiallyUpheld: 'Estimada en parte',
  rejected: 'Desestimada',
  withdrawn: 'Retirada por el cliente',
};

/** The button and dialog of each move (`COMPLAINT_STATUS_MOVES`). */
export const COMPLAINT_MOVE_TEXTS = {
  inProgress: { button: 'Poner en curso', title: 'Poner la reclamación en curso', confirm: 'Poner en curso' },
  answered: { button: 'Responder', title: 'Dar la reclamación por respondida', confirm: 'Guardar la respuesta' },
  closed: { button: 'Cerrar', title: 'Cerrar la reclamación', confirm: 'Cerrar la reclamación' },
} as const;

export const COMPLAINT_TEXTS = {
  list: {
    title: 'Reclamaciones',
    loading: 'Cargando las reclamaciones…',
    empty: 'No hay reclamaciones con estos filtros.',
    paging: 'Páginas de reclamaciones',
    tableLabel: 'Reclamaciones',
    count: (count: string, one: boolean) => (one ? '1 reclamación' : `${count} reclamaciones`),
    filters: 'Filtros',
    status: 'Estado',
    anyStatus: 'Todos',
    overdue: 'Solo con el plazo vencido',
    mine: 'Asignadas a mí',
    customerId: 'Nº de cliente',
    customerIdInvalid: 'Escribe el número de cliente (solo cifras)',
    sort: 'Ordenar por plazo',
    sortAsc: 'Primero las que vencen antes',
    sortDesc: 'Primero las que vencen más tarde',
    apply: 'Filtrar',
    clear: 'Quitar filtros',
    columns: {
      number: 'Nº',
      customer: 'Cliente',
      subject: 'Asunto',
      category: 'Categoría',
      status: 'Estado',
      deadline: 'Plazo',
      assignee: 'Asignada a',
    },
    unassigned: 'Sin asignar',
    create: 'Nueva reclamación',
  },
  create: {
    title: 'Nueva reclamación',
    confirm: 'Registrar la reclamación',
    customerId: 'Nº de cliente',
    receivedOn: 'Fecha en que la presentó (vacía: hoy)',
    created: (id: number) => `Reclamación nº ${id} registrada.`,
  },
  fields: {
    channel: 'Canal',
    category: 'Categoría',
    subject: 'Asunto',
    description: 'Descripción',
    receivedOn: 'Fecha en que la presentó',
    choose: 'Elige una opción',
    chooseOne: 'elige una opción o escribe un valor válido',
  },
  case: {
    title: (id: number) => `Reclamación nº ${id}`,
    loading: 'Cargando la reclamación…',
    back: 'Volver a las reclamaciones',
    details: 'Datos',
    customer: 'Cliente',
    loan: 'Préstamo',
    noLoan: 'Ninguno',
    channel: 'Canal',
    category: 'Categoría',
    status: 'Estado',
    receivedAt: 'Presentada el',
    deadline: 'Plazo',
    assignee: 'Asignada a',
    unassigned: 'Sin asignar',
    resolution: 'Resultado',
    answeredAt: 'Respondida el',
    answerText: 'Respuesta enviada',
    voidReason: 'Motivo de la anulación',
    voidedAt: 'Anulada el',
    createdBy: 'Registrada por',
    description: 'Descripción',
    actions: 'Acciones',
    noActions: 'Esta reclamación ya no admite cambios.',
  },
  history: {
    title: 'Cambios de estado',
    loading: 'Cargando los cambios de estado…',
    empty: 'Sin cambios de estado.',
    none: '—',
    columns: { at: 'Fecha', from: 'Antes', to: 'Después', by: 'Quién', reason: 'Motivo' },
  },
  edit: {
    button: 'Modificar',
    title: 'Modificar la reclamación',
    confirm: 'Guardar los cambios',
    nothing: 'No has cambiado nada.',
  },
  answer: {
    text: 'Respuesta enviada al cliente',
    resolution: 'Resultado',
  },
  void: {
    button: 'Anular',
    title: 'Anular la reclamación',
    confirm: 'Anular la reclamación',
    warning: 'La reclamación queda anulada con su motivo; no se borra y no se puede deshacer.',
  },
} as const;
