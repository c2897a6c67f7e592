/** The password change page's texts (docs/backoffice.md §1 «Forced password change», §6). */
export const PASSWORD_TEXTS = {
  title: 'Cambia tu contraseña',
  required: 'Antes de continuar tienes que cambiar tu contraseña.',
  intro: 'Elige una contraseña nueva, distinta de la actual.',
  currentLabel: 'Contraseña actual',
  newLabel: 'Nueva contraseña',
  newDescription: 'Entre 12 y 128 caracteres.',
  repeatLabel: 'Repite la nueva contraseña',
  submit: 'Cambiar contraseña',
  sending: 'Guardando',
  errors: {
    currentRequired: 'Escribe tu contraseña actual.',
    tooShort: 'La nueva contraseña debe tener al menos 12 caracteres.',
    tooLong: 'La nueva contraseña puede tener como máximo 128 caracteres.',
    sameAsCurrent: 'La nueva contraseña debe ser distinta de la actual.',
    mismatch: 'Las contraseñas no coinciden.',
  },
} as const;
