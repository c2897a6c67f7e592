import { useId } from 'react';
import type { z } from 'zod';
import { complaintCategories, complaintChannels } from '../../../shared/api/complaint.ts';
import { todayInMadrid, startOfDayInMadrid } from '../../../shared/dates.ts';
import { StaffApiError } from '../../lib/api-error.ts';
import { SelectField } from '../../lib/SelectField.tsx';
import { COMPLAINT_CATEGORY_LABELS, COMPLAINT_CHANNEL_LABELS, COMPLAINT_TEXTS } from './texts.ts';

const T = COMPLAINT_TEXTS.fields;

/** What the create and edit dialogs type: the complaint's recorded fields, as text. */
export interface ComplaintDraft {
  channel: string;
  category: string;
  subject: string;
  description: string;
  /** `YYYY-MM-DD` (Madrid) or empty. */
  receivedOn: string;
}

export const emptyDraft: ComplaintDraft = { channel: '', category: '', subject: '', description: '', receivedOn: '' };

/** The instant sent for a filing date: the first instant of that Madrid date (the deadline runs from the date). */
export const receivedAtOf = (receivedOn: string): string | undefined =>
  receivedOn === '' ? undefined : startOfDayInMadrid(receivedOn).toISOString();

/**
 * The body checked with the call's own schema before sending: its first refusal is thrown as the server would answer
 * it, so the dialog shows it inside.
 */
export function checked<S extends z.ZodType>(schema: S, body: unknown, callName: string): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key = issue?.path[0];
  const field = typeof key === 'string' ? fieldLabel(key) : null;
  // A missing choice (an enum left empty) reads as such, not as zod's list of values.
  const message =
    issue?.code === 'invalid_value' || issue?.code === 'invalid_type' ? T.chooseOne : (issue?.message ?? '');
  throw new StaffApiError({
    kind: 'business',
    callName,
    status: 422,
    message: field ? `${field}: ${message}` : message,
  });
}

const fieldLabel = (key: string): string | null =>
  key === 'channel'
    ? T.channel
    : key === 'category'
      ? T.category
      : key === 'subject'
        ? T.subject
        : key === 'description'
          ? T.description
          : key === 'receivedAt'
            ? T.receivedOn
            : key === 'customerId'
              ? COMPLAINT_TEXTS.create.customerId
              : key === 'answerText'
                ? COMPLAINT_TEXTS.answer.text
                : key === 'resolution'
                  ? COMPLAINT_TEXTS.answer.resolution
                  : null;

/** A labelled text input or textarea. */
export function TextInput({
  label,
  name,
  value,
  onChange,
  multiline = false,
  type = 'text',
  maxLength,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  type?: 'text' | 'date';
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          name={name}
          rows={5}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          id={id}
          name={name}
          type={type}
          maxLength={maxLength}
          {...(type === 'date' ? { max: todayInMadrid() } : {})}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}

const channelOptions = complaintChannels.map((value) => [value, COMPLAINT_CHANNEL_LABELS[value]] as const);
const categoryOptions = complaintCategories.map((value) => [value, COMPLAINT_CATEGORY_LABELS[value]] as const);

/** The recorded fields of a complaint (channel, category, subject, description, filing date). */
export function ComplaintFields({
  draft,
  onChange,
  receivedLabel = T.receivedOn,
}: {
  draft: ComplaintDraft;
  onChange: (draft: ComplaintDraft) => void;
  receivedLabel?: string;
}) {
  const set = (key: keyof ComplaintDraft) => (value: string) => onChange({ ...draft, [key]: value });
  return (
    <>
      <SelectField
        label={T.channel}
        name="channel"
        value={draft.channel}
        options={channelOptions}
        emptyLabel={T.choose}
        onChange={set('channel')}
      />
      <SelectField
        label={T.category}
        name="category"
        value={draft.category}
        options={categoryOptions}
        emptyLabel={T.choose}
        onChange={set('category')}
      />
      <TextInput label={T.subject} name="subject" value={draft.subject} maxLength={200} onChange={set('subject')} />
      <TextInput
        label={T.description}
        name="description"
        multiline
        maxLength={5000}
        value={draft.description}
        onChange={set('description')}
      />
      <TextInput
        label={receivedLabel}
        name="receivedOn"
        type="date"
        value={draft.receivedOn}
        onChange={set('receivedOn')}
      />
    </>
  );
}
