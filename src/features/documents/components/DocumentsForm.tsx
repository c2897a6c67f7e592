import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getCustomer } from '../../../lib/api/calls/customer.ts';
import { getJourney } from '../../../lib/api/calls/journey.ts';
import { trackLoanSuccess } from '../../../lib/analytics/loan-success.ts';
import { prepareForUpload } from '../../../lib/files/downscale.ts';
import { FROM_DOCUMENTS_STATE } from '../../../lib/loan-flow/from-documents.ts';
import { nextStepAfterDocuments } from '../../../lib/loan-flow/next-step.ts';
import { flowPath } from '../../../lib/loan-flow/saved-flow.ts';
import { useSession } from '../../../lib/session/session.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { openDialog } from '../../../lib/ui/dialog-store.ts';
import { FileField } from '../../../lib/ui/FileField.tsx';
import { useSingleFlight } from '../../../lib/ui/use-single-flight.ts';
import { CARD_PROOF_ACCEPT } from '../../../shared/validators/file.ts';
import { uploadIdentityDocument, type DocumentSide } from '../api/upload-identity-document.ts';
import { DOCUMENTS_PAGE_TEXTS as TEXT } from '../texts.ts';
import { isConnectionFailure, uploadFailureMessage } from '../upload-failure.ts';
import { useRejectedSides } from '../use-rejected-sides.ts';

const SIDES: readonly DocumentSide[] = ['front', 'back'];
const RULES = { accept: CARD_PROOF_ACCEPT };

type PerSide<T> = Record<DocumentSide, T>;

/**
 * The DNI/NIE upload: front and back, each a photo (camera) or a file, made smaller in the browser, sent with
 * DocumentUploadPost. Once both are received, or after 'Continuar' and its 'Aviso' (skipping), the flow goes on:
 * to success (with the rtb_success/ftb_success event) when a card was provided, else to add-card.
 */
export function DocumentsForm({ flowId }: { flowId: string }) {
  const navigate = useNavigate();
  const { member, status } = useSession();
  const [files, setFiles] = useState<PerSide<File | null>>({ front: null, back: null });
  const [uploaded, setUploaded] = useState<PerSide<boolean>>({ front: false, back: false });
  const [errors, setErrors] = useState<PerSide<string | null>>({ front: null, back: null });
  const [formError, setFormError] = useState<string | null>(null);
  const rejected = useRejectedSides();

  const [goOn, goingOn] = useSingleFlight(async () => {
    const [journey, customer] = await Promise.all([
      getJourney({ ignoreErrors: true }).catch(() => null),
      getCustomer().catch(() => null),
    ]);
    const step = journey ? nextStepAfterDocuments(journey) : 'financialInfoAddCard';
    if (step === 'loanRequestSuccess' && journey?.loanDetails && member) {
      trackLoanSuccess({
        // Without CustomerGet, a customer past the first decision (securityChecked or later) is a returning one.
        isRtb: customer?.isRtb ?? (status !== null && status !== 'systemApproved'),
        amountCents: journey.loanDetails.loanAmount,
        userId: member.id,
      });
    }
    // The add-card page words its button 'Recibir mis {amount}' for a customer coming from here.
    navigate(flowPath(step, flowId), step === 'financialInfoAddCard' ? { state: FROM_DOCUMENTS_STATE } : undefined);
  });

  const [submit, submitting] = useSingleFlight(async () => {
    setFormError(null);
    const pending = SIDES.filter((side) => files[side] && !uploaded[side]);
    if (pending.length === 0) {
      if (!SIDES.some((side) => uploaded[side])) setFormError(TEXT.documentRequired);
      return;
    }
    const done = { ...uploaded };
    for (const side of pending) {
      const file = files[side];
      if (!file) continue;
      try {
        await uploadIdentityDocument(side, await prepareForUpload(file));
        done[side] = true;
        setUploaded({ ...done });
        setErrors((current) => ({ ...current, [side]: null }));
      } catch (error) {
        setErrors((current) => ({
          ...current,
          [side]: uploadFailureMessage(error, { offline: TEXT.offline, generic: TEXT.uploadFailed }),
        }));
        // Without a connection the other side would fail the same way: both files stay chosen.
        if (isConnectionFailure(error)) return;
      }
    }
    if (SIDES.every((side) => done[side])) await goOn();
  });

  const skip = async () => {
    if (SIDES.every((side) => uploaded[side])) {
      await goOn();
      return;
    }
    const confirmed = await openDialog({
      id: 'documents-skip',
      type: 'warning',
      title: TEXT.skipWarningTitle,
      content: TEXT.skipWarning,
      description: TEXT.skipDescription,
      buttonYes: TEXT.continue,
      buttonNo: TEXT.upload,
      showButtonNo: true,
    });
    if (confirmed) await goOn();
  };

  const busy = submitting || goingOn;
  return (
    <form
      className="documents-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>{TEXT.intro}</p>
      {SIDES.map((side) => (
        <div key={side} className="documents-side" data-uploaded={uploaded[side] || undefined}>
          <FileField
            label={side === 'front' ? TEXT.front : TEXT.back}
            name={`document-${side}`}
            value={files[side]}
            onChange={(file) => {
              setFiles((current) => ({ ...current, [side]: file }));
              setUploaded((current) => ({ ...current, [side]: false }));
              setErrors((current) => ({ ...current, [side]: null }));
              setFormError(null);
            }}
            rules={RULES}
            error={errors[side]}
            description={TEXT.formats}
            isDisabled={busy}
          />
          {uploaded[side] ? (
            <p className="documents-uploaded" role="status">
              ✓ {TEXT.uploaded}
            </p>
          ) : (
            rejected[side] && (
              <p className="documents-rejected" role="alert">
                {TEXT.rejected(rejected[side])}
              </p>
            )
          )}
        </div>
      ))}
      {formError && (
        <p className="ui-field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="documents-actions">
        <Button type="submit" fullWidth isLoading={submitting} isDisabled={goingOn}>
          {TEXT.submit}
        </Button>
        <Button variant="secondary" fullWidth isLoading={goingOn} isDisabled={submitting} onPress={() => void skip()}>
          {TEXT.continue}
        </Button>
      </div>
    </form>
  );
}
