import type { Page } from '@playwright/test';
import { tick } from './helpers.ts';

/** Fills the add-card form (second document §2, §5) with a sandbox test card: December of next year, CVV 123. */
export async function fillCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Número de tarjeta' }).fill(cardNumber);
  await page.getByRole('button', { name: /Mes de caducidad/ }).click();
  await page.getByRole('option', { name: '12', exact: true }).click();
  await page.getByRole('button', { name: /Año de caducidad/ }).click();
  await page.getByRole('option', { name: String(new Date().getFullYear() + 1), exact: true }).click();
  await page.getByRole('textbox', { name: 'CVV' }).fill('123');
  // After a refused card the form keeps what was typed (all but the CVV), the consent included.
  const consent = /Acepto que se guarde esta tarjeta/;
  if (!(await page.getByRole('checkbox', { name: consent }).isChecked())) await tick(page, consent);
}

/** A real JPEG photo drawn by the browser (a card-sized rectangle with a word), as the camera would give one. */
export async function photo(page: Page, word: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1000;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#d9e4f2';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#1a2233';
    context.font = '120px sans-serif';
    context.fillText(text, 200, 550);
    return canvas.toDataURL('image/jpeg', 0.9);
  }, word);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
