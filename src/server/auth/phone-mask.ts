/** The last three digits only: enough to follow a support case, not a phone number in the logs. */
export const maskPhone = (phone: string): string => `******${phone.slice(-3)}`;
