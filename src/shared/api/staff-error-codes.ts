import { defineCodes } from './error-codes.ts';
import { moneyStaffErrorCodes } from './staff-error-codes-money.ts';

/**
 * The business codes of the staff calls (docs/backoffice.md): HTTP 422 (403 for a pending password change, 404 for
 * what is not found) in the spec's error shape, values from 2000. A catalogue of its own, not `businessErrorCodes`,
 * so none of these texts reaches the customer's app; the server answers both (`src/server/http/errors.ts`), the
 * back office reads these.
 */
export const staffErrorCodes = defineCodes({
  WrongCredentials: {
    value: 2000,
    status: 422,
    title: 'Aviso',
    message: 'El correo o la contraseña no son correctos.',
  },
  StaffLocked: {
    value: 2001,
    status: 422,
    title: 'Cuenta bloqueada',
    message: 'Tu cuenta está bloqueada por demasiados intentos fallidos. Pide a un administrador que la desbloquee.',
  },
  WrongTotpCode: {
    value: 2002,
    status: 422,
    title: 'Aviso',
    message: 'El código de verificación no es correcto o ya se ha usado. Espera al siguiente e inténtalo de nuevo.',
  },
  ChallengeExpired: {
    value: 2003,
    status: 422,
    title: 'Aviso',
    message: 'Han pasado más de 5 minutos desde que introdujiste la contraseña. Vuelve a iniciar sesión.',
  },
  PasswordChangeRequired: {
    value: 2004,
    status: 403,
    title: 'Aviso',
    message: 'Antes de continuar tienes que cambiar tu contraseña.',
  },
  WrongCurrentPassword: {
    value: 2005,
    status: 422,
    title: 'Aviso',
    message: 'La contraseña actual no es correcta.',
  },
  WeakPassword: {
    value: 2006,
    status: 422,
    title: 'Aviso',
    message: 'La nueva contraseña debe tener entre 12 y 128 caracteres y ser distinta de la actual.',
  },
  /** An unknown customer, or one a collection company's user may not see: the same answer, so nothing leaks. */
  StaffCustomerNotFound: {
    value: 2007,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado ese cliente.',
  },
  DateRangeInvalid: {
    value: 2008,
    status: 422,
    title: 'Aviso',
    message: 'La fecha final no puede ser anterior a la inicial.',
  },
  CustomerNotBlocked: {
    value: 2009,
    status: 422,
    title: 'Aviso',
    message: 'El cliente no está bloqueado: no hay nada que desbloquear.',
  },
  StaffUserNotFound: {
    value: 2010,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado ese usuario.',
  },
  StaffEmailTaken: {
    value: 2011,
    status: 422,
    title: 'Aviso',
    message: 'Ya existe un usuario con ese correo.',
  },
  /** A `collectioncompany` user without a company, or another role with one. */
  StaffCompanyMismatch: {
    value: 2012,
    status: 422,
    title: 'Aviso',
    message: 'Los usuarios de una empresa de recobro necesitan su empresa, y los demás roles no pueden tener ninguna.',
  },
  CollectionCompanyNotFound: {
    value: 2013,
    status: 422,
    title: 'Aviso',
    message: 'No hay ninguna empresa de recobro activa con ese número.',
  },
  /** Disabling, resetting or changing the role of one's own account: another administrator does it. */
  OwnStaffAccount: {
    value: 2014,
    status: 422,
    title: 'Aviso',
    message: 'No puedes desactivar ni restablecer tu propia cuenta, ni cambiar tu rol: pídeselo a otro administrador.',
  },
  SearchTooShort: {
    value: 2015,
    status: 422,
    title: 'Aviso',
    message: 'Para buscar por nombre escribe al menos 3 letras.',
  },
  /** An unknown card, or a card of a customer the staff member may not see: the same answer, as for customers. */
  StaffCardNotFound: {
    value: 2016,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado esa tarjeta.',
  },
  /** An unknown loan, or a loan of a customer the staff member may not see: the same answer, as for customers. */
  StaffLoanNotFound: {
    value: 2017,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado ese préstamo.',
  },
  /** An unknown document, one of a customer the staff member may not see, or one whose file is missing. */
  StaffDocumentNotFound: {
    value: 2018,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado ese documento.',
  },
  /** A status the customer file may not move this customer to (`STAFF_STATUS_MOVES` of src/shared/statuses.ts). */
  StaffStatusMoveNotAllowed: {
    value: 2030,
    status: 422,
    title: 'Aviso',
    message: 'Desde el estado {from} no se puede pasar al cliente a {to}.',
  },
  /** A DNI/NIE typed on the customer file that another customer holds. */
  StaffNationalIdTaken: {
    value: 2031,
    status: 422,
    title: 'Aviso',
    message: 'Ya hay otro cliente con ese DNI/NIE.',
  },
  /** A write of the customer file whose values are the ones already stored. */
  NothingToChange: {
    value: 2032,
    status: 422,
    title: 'Aviso',
    message: 'El cliente ya tiene esos datos: no hay nada que cambiar.',
  },
  /** SetCardSubStatusPost on a deleted card. */
  CardDeleted: {
    value: 2040,
    status: 422,
    title: 'Aviso',
    message: 'La tarjeta está eliminada: no se puede pedir ni revisar su justificante.',
  },
  /** askForProof on a card already waiting for its proof. */
  CardProofAlreadyAsked: {
    value: 2041,
    status: 422,
    title: 'Aviso',
    message: 'Ya se ha pedido el justificante de esta tarjeta: espera a que el cliente lo suba.',
  },
  /** proofAccepted or proofRejected without a proof uploaded since it was asked for (sub-status `uploaded`). */
  CardProofNotUploaded: {
    value: 2042,
    status: 422,
    title: 'Aviso',
    message: 'El cliente no ha subido ningún justificante de esta tarjeta pendiente de revisar.',
  },
  /** A second pending proposal of the same kind for the same customer (the unique index decides between instances). */
  ProposalAlreadyPending: {
    value: 2050,
    status: 422,
    title: 'Aviso',
    message: 'Ya hay una propuesta pendiente para este cliente (nº {number}, de {proposer}).',
  },
  /** The proposer approving or rejecting their own proposal: another administrator decides (maker-checker). */
  OwnProposal: {
    value: 2051,
    status: 422,
    title: 'Aviso',
    message: 'No puedes aprobar ni rechazar tu propia propuesta.',
  },
  ProposalNotPending: {
    value: 2052,
    status: 422,
    title: 'Aviso',
    message: 'Esta propuesta ya no está pendiente: ya se aprobó, se rechazó o se canceló.',
  },
  /** The values the proposal was made on changed since (`current` differs): approving it would undo that change. */
  ProposalOutdated: {
    value: 2053,
    status: 422,
    title: 'Aviso',
    message: 'El límite del cliente ha cambiado desde la propuesta: recházala y crea otra.',
  },
  /** An unknown proposal, or one about a customer the staff member may not see. */
  StaffProposalNotFound: {
    value: 2054,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado esa propuesta.',
  },
  /** Cancelling someone else's proposal: only its proposer withdraws it (the others reject it). */
  NotProposer: {
    value: 2055,
    status: 422,
    title: 'Aviso',
    message: 'Solo quien hizo la propuesta puede cancelarla; si no estás de acuerdo, recházala.',
  },
  /** An unknown complaint, or one of a customer the staff member may not see. */
  StaffComplaintNotFound: {
    value: 2060,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado esa reclamación.',
  },
  /** A status the complaint may not move to from its own (`COMPLAINT_STATUS_MOVES` of src/shared/api/complaint.ts). */
  ComplaintStatusMoveNotAllowed: {
    value: 2061,
    status: 422,
    title: 'Aviso',
    message: 'Una reclamación {from} no puede pasar a {to}.',
  },
  /** `answered` without the answer's text or its resolution. */
  ComplaintAnswerRequired: {
    value: 2062,
    status: 422,
    title: 'Aviso',
    message: 'Para dar la reclamación por respondida escribe la respuesta enviada al cliente y elige el resultado.',
  },
  /** A change to a complaint that is closed or void (its record stays as it was reported). */
  ComplaintNotEditable: {
    value: 2063,
    status: 422,
    title: 'Aviso',
    message: 'La reclamación está {status}: ya no se puede modificar.',
  },
  /** A complaint update whose values are the ones already stored. */
  ComplaintNothingToChange: {
    value: 2064,
    status: 422,
    title: 'Aviso',
    message: 'La reclamación ya tiene esos datos: no hay nada que cambiar.',
  },
  /** The filing date is later than now. */
  ComplaintReceivedInFuture: {
    value: 2065,
    status: 422,
    title: 'Aviso',
    message: 'La fecha en que el cliente presentó la reclamación no puede ser posterior a hoy.',
  },
  /** A filing date more than `COMPLAINT_RECEIVED_MAX_YEARS` years ago: a typing mistake, not a complaint to answer. */
  ComplaintReceivedTooLongAgo: {
    value: 2068,
    status: 422,
    title: 'Aviso',
    message: 'La fecha en que el cliente presentó la reclamación no puede ser de hace más de dos años.',
  },
  /** Assigning a complaint to someone who is not an active agent or administrator. */
  ComplaintAssigneeNotFound: {
    value: 2066,
    status: 422,
    title: 'Aviso',
    message: 'No hay ningún agente ni administrador activo con ese número.',
  },
  /** Answer text or a resolution sent with a status other than `answered`. */
  ComplaintAnswerNotExpected: {
    value: 2067,
    status: 422,
    title: 'Aviso',
    message: 'La respuesta y el resultado solo se indican al dar la reclamación por respondida.',
  },
  /** A handover for a customer who cannot log in: closed or never registered (no status), or without a mobile. */
  HandoverNotAllowed: {
    value: 2080,
    status: 422,
    title: 'Aviso',
    message: 'No se puede preparar el acceso de este cliente: su cuenta está cerrada o no ha terminado el registro.',
  },
  /** An unknown to-do. */
  TodoNotFound: {
    value: 2070,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado esa tarea.',
  },
  /** A change to a to-do that is done or cancelled: those are final. */
  TodoClosed: {
    value: 2071,
    status: 422,
    title: 'Aviso',
    message: 'Esta tarea ya está hecha o cancelada: no se puede cambiar.',
  },
  /** A to-do assigned to someone who is not an active agent or administrator. */
  TodoAssigneeInvalid: {
    value: 2072,
    status: 422,
    title: 'Aviso',
    message: 'Solo puedes asignar una tarea a un agente o a un administrador en activo.',
  },
  /** Moving a booked welcome call's to-do by hand: its time is the customer's booking. */
  TodoDueFromBooking: {
    value: 2073,
    status: 422,
    title: 'Aviso',
    message: 'La hora de esta llamada es la que reservó el cliente: solo cambia si el cliente la mueve.',
  },
  CallTimingNotFound: {
    value: 2074,
    status: 404,
    title: 'Aviso',
    message: 'No hemos encontrado ese horario de llamadas.',
  },
  /** An agent adding or removing hours that are not their own (administrators manage everyone's). */
  CallTimingOthersHours: {
    value: 2075,
    status: 422,
    title: 'Aviso',
    message: 'Como agente solo puedes añadir o quitar tus propias horas.',
  },
  /** CallTimingAutoInsertPost when definitions exist: it only fills an empty table. */
  CallTimingDefinitionsExist: {
    value: 2076,
    status: 422,
    title: 'Aviso',
    message: 'Ya hay horarios de llamadas: los horarios por defecto solo se insertan cuando no hay ninguno.',
  },
  /** Hours for someone who is not an active agent or administrator. */
  CallTimingStaffInvalid: {
    value: 2077,
    status: 422,
    title: 'Aviso',
    message: 'Las horas solo pueden ser de un agente o de un administrador en activo.',
  },
  CallTimingTimesInvalid: {
    value: 2078,
    status: 422,
    title: 'Aviso',
    message: 'La hora final debe ser posterior a la inicial.',
  },
  ...moneyStaffErrorCodes,
});

export type StaffErrorCodeName = keyof typeof staffErrorCodes;
