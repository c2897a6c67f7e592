/** The texts of the customer file's writes, part A (docs/backoffice.md §6): reviews, card proofs, comments, handover. */
export const REVIEW_TEXTS = {
  documents: {
    actionsColumn: 'Revisión',
    accept: 'Aprobar',
    reject: 'Rechazar',
    acceptLabel: (kind: string, name: string) => `Aprobar ${kind} (${name})`,
    rejectLabel: (kind: string, name: string) => `Rechazar ${kind} (${name})`,
    acceptTitle: (kind: string) => `Aprobar el documento: ${kind}`,
    rejectTitle: (kind: string) => `Rechazar el documento: ${kind}`,
    acceptBody: (name: string) =>
      `Vas a dar por bueno ${name}. Si con él el cliente tiene el anverso y el reverso del DNI/NIE aprobados, puede pasar a verificado.`,
    rejectBody: (name: string) =>
      `Vas a rechazar ${name}. El cliente verá el rechazo y el motivo en su área de documentos.`,
    rejectionReason: 'Motivo del rechazo (lo leerá el cliente)',
    rejectedBecause: (reason: string) => `Rechazado: ${reason}`,
    securityChecked: 'Documento aprobado. El cliente ha pasado a verificado.',
    accepted: 'Documento aprobado.',
    rejected: 'Documento rechazado.',
  },
  cards: {
    actionsColumn: 'Acciones del justificante',
    askForProof: 'Pedir justificante',
    proofAccepted: 'Aceptar justificante',
    proofRejected: 'Rechazar justificante',
    actionLabel: (action: string, card: string) => `${action} de la tarjeta ${card}`,
    titles: {
      askForProof: (card: string) => `Pedir el justificante de la tarjeta ${card}`,
      proofAccepted: (card: string) => `Aceptar el justificante de la tarjeta ${card}`,
      proofRejected: (card: string) => `Rechazar el justificante de la tarjeta ${card}`,
    },
    bodies: {
      askForProof: 'La app del cliente le pedirá que suba un justificante de esta tarjeta.',
      proofAccepted: 'Das por bueno el justificante que ha subido el cliente.',
      proofRejected: 'Rechazas el justificante que ha subido el cliente.',
    },
    noActions: '—',
    /** After the write, with the card sub-status's label ('Justificante pedido'). */
    done: (card: string, label: string) => `Tarjeta ${card}: ${label.charAt(0).toLowerCase()}${label.slice(1)}.`,
  },
  comments: {
    tab: 'Comentarios',
    heading: 'Comentarios sobre el cliente',
    loading: 'Cargando los comentarios…',
    empty: 'Todavía no hay comentarios.',
    tableLabel: 'Comentarios del cliente',
    paging: 'Páginas de los comentarios',
    columns: { at: 'Fecha', by: 'Quién', text: 'Comentario' },
    add: 'Añadir comentario',
    addTitle: 'Añadir un comentario',
    addBody: 'Los comentarios no se editan ni se borran: para corregir uno, añade otro.',
    text: 'Comentario',
    save: 'Guardar comentario',
    added: 'Comentario añadido.',
  },
  handover: {
    button: 'Preparar acceso del cliente',
    title: 'Preparar el acceso del cliente',
    body: 'Enviaremos al móvil del cliente un SMS con un enlace a su área de clientes. Al abrirlo, confirmará un código que le llegará al mismo móvil. El enlace sirve una sola vez y caduca a las 48 horas; si ya tenía uno, deja de valer.',
    send: 'Enviar el SMS',
    sent: (phone: string, expiresAt: string) => `Hemos enviado el SMS al ${phone}. El enlace caduca el ${expiresAt}.`,
  },
} as const;
