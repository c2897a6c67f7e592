/** Texts of the address pages (the spec gives none). Plain Spanish in the spec's register. */
export const ADDRESS_TEXTS = {
  intro: 'Indícanos la dirección de tu domicilio habitual. La necesitamos para preparar tu contrato.',
  street: 'Calle',
  streetHint: 'Tipo y nombre de la vía, por ejemplo: Calle Mayor.',
  number: 'Número',
  floor: 'Piso, puerta, escalera (opcional)',
  postcode: 'Código postal',
  postcodeHint: '5 cifras.',
  city: 'Localidad',
  province: 'Provincia',
  submit: 'Guardar y continuar',
  unexpected: 'No hemos podido guardar tu dirección. Inténtalo de nuevo.',
} as const;

export const ADDRESS_DECLINED_TEXTS = {
  lead: 'Lo sentimos: después de revisar tu solicitud, en este momento no podemos concederte un préstamo.',
  reason:
    'Hemos tomado esta decisión aplicando nuestros criterios de préstamo responsable a los datos de tu solicitud. No te hemos cobrado nada y no tienes ningún compromiso con nosotros.',
  reviewTitle: '¿Crees que es un error?',
  review:
    'Puedes pedir que una persona de nuestro equipo revise tu caso, darnos tu punto de vista o preguntarnos los motivos. Escríbenos o llámanos y te responderemos lo antes posible.',
  emailLabel: 'Escríbenos a {email}',
  phoneLabel: 'Llámanos al {phone}',
  contactPage: 'Otras formas de contactar',
} as const;
