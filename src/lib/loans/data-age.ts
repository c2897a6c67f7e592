/** How old the shown data is, in the app's Spanish: 'menos de 1 min', '5 min', '2 h', '1 día', '3 días'. */
export function dataAge(
  ms: number,
  texts: { under: string; minutes: string; hours: string; day: string; days: string },
): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return texts.under;
  if (minutes < 60) return texts.minutes.replace('{n}', String(minutes));
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return texts.hours.replace('{n}', String(hours));
  const days = Math.floor(hours / 24);
  return days === 1 ? texts.day : texts.days.replace('{n}', String(days));
}
