import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../lib/ui/Button.tsx';
import { FileField } from '../../lib/ui/FileField.tsx';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import { showToast } from '../../lib/ui/toast-store.ts';
import { useSingleFlight } from '../../lib/ui/use-single-flight.ts';
import type { CardEntity } from '../../shared/api/card.ts';
import { maskedCard } from '../../shared/card-display.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { CARD_PROOF_ACCEPT } from '../../shared/validators/file.ts';
import { prepareForUpload } from '../../lib/files/downscale.ts';
import { getCustomerCards } from '../../lib/api/calls/customer-cards.ts';
import { usePageData } from '../../lib/api/use-page-data.ts';
import { uploadCardProof } from './api/upload-card-proof.ts';
import { UPLOAD_CARD_TEXTS as TEXT } from './texts.ts';
import { uploadFailureMessage } from './upload-failure.ts';
import './documents.css';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; cards: CardEntity[] };
const RULES = { accept: CARD_PROOF_ACCEPT };

/**
 * `financialInfoUploadCard` (/financial-info/upload-card, second document §2, §3, §5, §8): pick one of the customer's
 * cards (CustomerMiniGet, masked) and upload a photo or document of it (CardProofUploadPost). cardId and doc are
 * required ('No has subido ningún documento.'); success 'Hemos recibido tu solicitud de verificación.', failure
 * 'Ha surgido un error mientras se subían los documentos. Por favor inténtelo de nuevo.' (the file stays chosen).
 */
export default function UploadCardPage() {
  const [cardId, setCardId] = useState<number | null>(null);
  const [doc, setDoc] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ cardId?: string; doc?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const page = usePageData(async (signal) => {
    const cards = await getCustomerCards({ ignoreErrors: true, signal });
    if (!signal.aborted && cards.length === 1) setCardId(cards[0]?.id ?? null);
    return cards;
  });
  const load: Load = page.load.kind === 'ready' ? { kind: 'ready', cards: page.load.value } : page.load;

  const [submit, submitting] = useSingleFlight(async () => {
    setFailure(null);
    const card = load.kind === 'ready' ? load.cards.find((item) => item.id === cardId) : undefined;
    const next = { ...(card ? {} : { cardId: TEXT.cardRequired }), ...(doc ? {} : { doc: TEXT.documentRequired }) };
    setErrors(next);
    if (!card || !doc) return;
    try {
      await uploadCardProof(card, await prepareForUpload(doc));
    } catch (error) {
      setFailure(
        uploadFailureMessage(error, { offline: TEXT.offline, generic: TEXT.failed }, { serverMessages: false }),
      );
      return;
    }
    setDone(true);
    showToast({ alertType: 'success', content: TEXT.success });
  });

  return (
    <section className="page page-upload-card" aria-labelledby="page-title">
      <h1 id="page-title">{routes.financialInfoUploadCard.title}</h1>
      {load.kind === 'loading' && <Spinner />}
      {load.kind === 'failed' && (
        <div role="alert">
          <p>{TEXT.loadFailed}</p>
          <Button onPress={page.retry}>{TEXT.retry}</Button>
        </div>
      )}
      {load.kind === 'ready' && load.cards.length === 0 && <p>{TEXT.noCards}</p>}
      {done && (
        <div className="upload-card-done">
          <p role="status">{TEXT.success}</p>
          <Link className="ui-button ui-button--primary" to={buildPath('dashboard')}>
            {TEXT.toDashboard}
          </Link>
        </div>
      )}
      {load.kind === 'ready' && load.cards.length > 0 && !done && (
        <form
          className="upload-card-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p>{TEXT.intro}</p>
          <fieldset className="upload-card-options" aria-invalid={errors.cardId ? true : undefined}>
            <legend className="ui-field-label">{TEXT.cardLabel}</legend>
            {load.cards.map((card) => (
              <label key={card.id} className="upload-card-option">
                <input
                  type="radio"
                  name="cardId"
                  value={card.id}
                  checked={cardId === card.id}
                  onChange={() => {
                    setCardId(card.id);
                    setErrors((current) => ({ ...current, cardId: undefined }));
                  }}
                />
                <span>{maskedCard(card.maskedCardNumber)}</span>
              </label>
            ))}
            {errors.cardId && (
              <p className="ui-field-error" role="alert">
                {errors.cardId}
              </p>
            )}
          </fieldset>
          <FileField
            label={TEXT.docLabel}
            name="doc"
            value={doc}
            onChange={(file) => {
              setDoc(file);
              setErrors((current) => ({ ...current, doc: undefined }));
              setFailure(null);
            }}
            rules={RULES}
            error={errors.doc ?? null}
            description={TEXT.formats}
            isDisabled={submitting}
          />
          {failure && (
            <p className="ui-field-error" role="alert">
              {failure}
            </p>
          )}
          <Button type="submit" fullWidth isLoading={submitting}>
            {TEXT.submit}
          </Button>
        </form>
      )}
    </section>
  );
}
