/** Texts of the repay short link page that the spec does not give (its title comes from the route table). */
export const SHORT_LINK_TEXTS = {
  accessing: 'Estamos comprobando tu enlace. En unos segundos te llevamos a tu cuenta.',
} as const;
