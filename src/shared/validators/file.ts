/**
 * File fields (second document §5): an accept list (extensions such as 'pdf' or MIME patterns such as 'image/*')
 * gives 'Invalid file type'; a size over the limit (default 10,000,000 bytes) gives 'File size exceeds over {n}mb'
 * with n = limit / 1e6. The card proof upload needs cardId and a document ('No has subido ningún documento.').
 */
import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '../constants.ts';
import { formatMessage } from '../messages.ts';
import { FIELD_MESSAGES } from '../messages-identity.ts';
import { REQUIRED_MESSAGE, requiredId } from './required.ts';

/** The part of a browser File (or a multipart part on the server) the rules read. */
export interface FileLike {
  readonly name: string;
  readonly size: number;
  readonly type?: string;
}

export interface FileRules {
  /** Extensions ('jpg', '.pdf') and MIME patterns ('image/*', 'application/pdf'); absent = any type. */
  readonly accept?: readonly string[];
  /** Default UPLOAD_MAX_BYTES (10,000,000). */
  readonly maxBytes?: number;
}

/** Accepted for the card proof: jpg, png, jpeg, gif, pdf, doc, docx and any image. */
export const CARD_PROOF_ACCEPT = ['jpg', 'png', 'jpeg', 'gif', 'pdf', 'doc', 'docx', 'image/*'] as const;
/** Images that get a preview. */
const PREVIEW_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'svg'];

export const isFileLike = (value: unknown): value is FileLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FileLike).name === 'string' &&
  typeof (value as FileLike).size === 'number';

export const fileExtension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

function matchesAccept(file: FileLike, accept: readonly string[]): boolean {
  const extension = fileExtension(file.name);
  const type = (file.type ?? '').toLowerCase();
  return accept.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.includes('/')) {
      return rule.endsWith('/*') ? type.startsWith(rule.slice(0, -1)) : type === rule;
    }
    return extension !== '' && extension === rule.replace(/^\./, '');
  });
}

/** The message for a file that breaks the rules, or undefined when it is acceptable. */
export function fileRuleError(
  file: FileLike,
  { accept, maxBytes = UPLOAD_MAX_BYTES }: FileRules = {},
): string | undefined {
  if (accept !== undefined && accept.length > 0 && !matchesAccept(file, accept)) return FIELD_MESSAGES.invalidFileType;
  if (file.size > maxBytes) return formatMessage(FIELD_MESSAGES.fileTooLarge, { n: maxBytes / 1e6 });
  return undefined;
}

/** Whether the file gets an image preview (jpg, jpeg, gif, png, svg). */
export const canPreviewImage = (name: string): boolean => PREVIEW_EXTENSIONS.includes(fileExtension(name));

/** A required file field: missing gives `requiredMessage`, then the type and size rules apply. */
export function makeFileSchema(rules: FileRules = {}, requiredMessage: string = REQUIRED_MESSAGE) {
  return z.custom<FileLike>(isFileLike, { error: requiredMessage }).check((ctx) => {
    const message = fileRuleError(ctx.value, rules);
    if (message !== undefined) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  });
}

/** The card proof upload form: cardId and doc. */
export const cardProofSchema = z.object({
  cardId: requiredId(),
  doc: makeFileSchema({ accept: CARD_PROOF_ACCEPT }, FIELD_MESSAGES.documentRequired),
});
