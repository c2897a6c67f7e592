/** Texts of the 14-day withdrawal ('Desistir del contrato'), in the app's voice (tú). */
export const WITHDRAWAL_TEXTS = {
  link: 'Desistir del contrato',
  title: 'Desistir del contrato',
  intro:
    'Tienes 14 días naturales desde que recibiste el dinero para desistir del contrato, sin dar explicaciones y sin penalización.',
  lastDay: 'Tu último día para desistir es el {date}.',
  principal: 'Capital recibido',
  interest: 'Intereses hasta hoy',
  amount: 'Total a devolver hoy',
  dailyInterest: 'Intereses por día',
  dailyNote:
    'Solo pagas el capital y los intereses de los días que hayas tenido el dinero: cada día más suma {amount}.',
  howTitle: 'Cómo devolver el dinero',
  how: 'Cuando confirmes, tendrás 30 días para devolverlo: con tu tarjeta o por transferencia bancaria.',
  payByCard: 'Pagar con tarjeta',
  payByTransfer: 'Pagar por transferencia',
  cancel: 'Cancelar',
  confirm: 'Confirmar desistimiento',
  lostAnswer:
    'No hemos recibido respuesta. Pulsa de nuevo «Confirmar desistimiento»: tu desistimiento no se registrará dos veces.',
  failed: 'No hemos podido registrar tu desistimiento. Por favor, inténtalo de nuevo.',
  recorded: 'Hemos registrado tu desistimiento del contrato.',
  noticeTitle: 'Has desistido del contrato',
  notice: 'Nos lo comunicaste el {date}. Devuelve {amount} antes del {repayBy}.',
  noticeDaily: 'Si lo devuelves más tarde, cada día suma {amount} de intereses.',
} as const;
