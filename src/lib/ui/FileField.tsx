import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { canPreviewImage, fileRuleError, type FileRules } from '../../shared/validators/file.ts';
import { Button } from './Button.tsx';
import { UI_TEXTS } from './ui-texts.ts';
import './file-field.css';

export interface FileFieldProps {
  /** The visible label, also the start of each button's accessible name. */
  label: string;
  /** The `name` of the file input (the spec's field name, e.g. `doc`). */
  name: string;
  /** The chosen file (controlled): the parent keeps it, so a failed upload keeps the choice. */
  value: File | null;
  onChange: (file: File | null) => void;
  /** §5 rules: accept list (extensions, MIME patterns) and size limit (default 10,000,000 bytes). */
  rules?: FileRules;
  /** An error from outside (required, upload failure), shown under the field. */
  error?: string | null;
  /** A short help text. */
  description?: string;
  /** Offer 'Hacer una foto' (the camera). Default: where the browser supports `capture`. */
  offerCamera?: boolean;
  isDisabled?: boolean;
}

/** Whether file inputs here can open the camera directly (`capture`, phones and tablets). */
export function supportsCameraCapture(): boolean {
  if (typeof document === 'undefined') return false;
  return 'capture' in document.createElement('input');
}

/** The `accept` attribute of an accept list: extensions get their dot, MIME patterns stay. */
export const acceptAttribute = (accept: readonly string[] | undefined): string | undefined =>
  accept?.map((entry) => (entry.includes('/') || entry.startsWith('.') ? entry : `.${entry}`)).join(',');

/**
 * A file field (second document §5): 'Hacer una foto' (camera capture, where the device has one) and 'Elegir
 * archivo'; the chosen file's name with a preview for jpg, jpeg, gif, png and svg images, and 'Quitar'. A choice that
 * breaks the rules is cleared with 'Invalid file type' or 'File size exceeds over 10mb'.
 */
export function FileField({
  label,
  name,
  value,
  onChange,
  rules,
  error,
  description,
  offerCamera,
  isDisabled = false,
}: FileFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const [ruleError, setRuleError] = useState<string | null>(null);
  const [camera] = useState(() => offerCamera ?? supportsCameraCapture());
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const preview = usePreviewUrl(value);
  const shownError = ruleError ?? error ?? null;
  const describedBy = [description ? descriptionId : null, shownError ? errorId : null].filter(Boolean).join(' ');

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    // The same file may be chosen again after a removal or a refusal.
    input.value = '';
    if (!file) return;
    const refused = fileRuleError(file, rules);
    setRuleError(refused ?? null);
    onChange(refused ? null : file);
  };

  return (
    <div className="ui-file-field" data-invalid={shownError ? true : undefined} role="group" aria-labelledby={labelId}>
      <span className="ui-field-label" id={labelId}>
        {label}
      </span>
      {description && (
        <p className="ui-field-description" id={descriptionId}>
          {description}
        </p>
      )}
      <div className="ui-file-field-actions">
        {camera && (
          <label className="ui-button ui-button--secondary ui-file-field-pick" data-disabled={isDisabled || undefined}>
            <input
              ref={cameraInput}
              className="visually-hidden"
              type="file"
              accept="image/*"
              capture="environment"
              aria-label={`${label}: ${UI_TEXTS.takePhoto}`}
              disabled={isDisabled}
              aria-describedby={describedBy || undefined}
              aria-invalid={shownError ? true : undefined}
              onChange={choose}
            />
            <span aria-hidden="true">{UI_TEXTS.takePhoto}</span>
          </label>
        )}
        <label className="ui-button ui-button--secondary ui-file-field-pick" data-disabled={isDisabled || undefined}>
          <input
            ref={fileInput}
            className="visually-hidden"
            type="file"
            name={name}
            accept={acceptAttribute(rules?.accept)}
            aria-label={`${label}: ${UI_TEXTS.chooseFile}`}
            disabled={isDisabled}
            aria-describedby={describedBy || undefined}
            aria-invalid={shownError ? true : undefined}
            onChange={choose}
          />
          <span aria-hidden="true">{UI_TEXTS.chooseFile}</span>
        </label>
      </div>
      {value && (
        <div className="ui-file-field-chosen">
          {preview ? (
            <img className="ui-file-field-preview" src={preview} alt={`${UI_TEXTS.preview}: ${value.name}`} />
          ) : (
            <span className="ui-file-field-icon" aria-hidden="true">
              📄
            </span>
          )}
          <span className="ui-file-field-name">{value.name}</span>
          <Button
            variant="link"
            isDisabled={isDisabled}
            aria-label={`${UI_TEXTS.removeFile}: ${value.name}`}
            onPress={() => {
              setRuleError(null);
              onChange(null);
            }}
          >
            {UI_TEXTS.removeFile}
          </Button>
        </div>
      )}
      {shownError && (
        <p className="ui-field-error" id={errorId} role="alert">
          {shownError}
        </p>
      )}
    </div>
  );
}

/** An object URL of a previewable image (jpg, jpeg, gif, png, svg), revoked when the file changes. */
function usePreviewUrl(file: File | null): string | null {
  const url = useMemo(
    () =>
      file && canPreviewImage(file.name) && typeof URL.createObjectURL === 'function'
        ? URL.createObjectURL(file)
        : null,
    [file],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
