/**
 * Spanish texts of the design-system primitives that the spec does not give (accessible names of icon buttons,
 * placeholders, region labels). Spec texts (dialog titles, default buttons, notification titles, validation
 * messages) come from src/shared/messages.ts.
 */
import type { ToastPosition } from './toast-store.ts';

export const UI_TEXTS = {
  close: 'Cerrar',
  /**
   * The one button of a dialog that asks nothing (an error, a notice): answering 'Sí' to «Ha ocurrido un error»
   * reads as nonsense. Dialogs that ask keep the spec's 'Sí' / 'No'.
   */
  acknowledge: 'Aceptar',
  closeNotification: 'Cerrar notificación',
  loading: 'Cargando',
  showPassword: 'Mostrar contraseña',
  hidePassword: 'Ocultar contraseña',
  selectPlaceholder: 'Selecciona una opción',
  chooseDate: 'Elegir fecha',
  changeDate: 'Cambiar fecha, {date}',
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  month: 'Mes',
  year: 'Año',
  updateEmailTitle: 'Actualiza tu email',
  emailLabel: 'Email',
  takePhoto: 'Hacer una foto',
  chooseFile: 'Elegir archivo',
  removeFile: 'Quitar',
  preview: 'Vista previa',
} as const;

/** Accessible names of the toast regions (landmarks), one per position so each is unique on the page. */
export const TOAST_REGION_LABELS: Readonly<Record<ToastPosition, string>> = {
  'top-left': 'Notificaciones arriba a la izquierda',
  'top-center': 'Notificaciones arriba en el centro',
  'top-right': 'Notificaciones arriba a la derecha',
  'bottom-left': 'Notificaciones abajo a la izquierda',
  'bottom-center': 'Notificaciones abajo en el centro',
  'bottom-right': 'Notificaciones abajo a la derecha',
};
