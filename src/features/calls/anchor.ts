/** The call scheduling form's fragment on the account page (`/account#te-llamamos`): the side menu links to it. */
export const CALL_ME_ANCHOR = 'te-llamamos';
