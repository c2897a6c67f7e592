/** First and last names (first document §5, second document §5): Latin letters, Spanish accented vowels, ü, ñ and spaces. */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages-identity.ts';
import { requiredString } from './required.ts';

const SPANISH_ALPHABET = /^[A-Za-zÁÉÍÓÚáéíóúÜüÑñ ]+$/;

export const isSpanishName = (name: string): boolean => SPANISH_ALPHABET.test(name.trim());

/** A first or last name: required, trimmed, inner runs of spaces reduced to one. */
export const personNameSchema = requiredString().pipe(
  z
    .string()
    .overwrite((name) => name.replace(/ {2,}/g, ' '))
    .regex(SPANISH_ALPHABET, FIELD_MESSAGES.spanishAlphabet),
);

export const firstNameSchema = personNameSchema;
export const lastNameSchema = personNameSchema;
