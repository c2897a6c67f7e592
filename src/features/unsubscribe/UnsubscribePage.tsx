import { useSearchParams } from 'react-router';
import { CONTACT } from '../../lib/lender.ts';
import { UNSUBSCRIBE_TEXTS } from '../../shared/messages-identity.ts';
import { routes } from '../../shared/routes/table.ts';
import { UNSUBSCRIBE_PAGE_TEXTS } from './texts.ts';
import { useUnsubscribe, type UnsubscribeState } from './use-unsubscribe.ts';
import './unsubscribe.css';

function WriteToUs() {
  return (
    <p>
      {UNSUBSCRIBE_PAGE_TEXTS.writeToUs} <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>{' '}
      {UNSUBSCRIBE_PAGE_TEXTS.writeToUsEnd}
    </p>
  );
}

function Message({ state }: { state: UnsubscribeState }) {
  switch (state.kind) {
    case 'processing':
      return (
        <div className="unsubscribe-status">
          <span className="spinner" aria-hidden="true" />
          <p>{UNSUBSCRIBE_PAGE_TEXTS.processing}</p>
        </div>
      );
    case 'done':
      return <p className="unsubscribe-done">{UNSUBSCRIBE_TEXTS.success}</p>;
    case 'invalidLink':
      return (
        <>
          <p>{UNSUBSCRIBE_PAGE_TEXTS.invalidLink}</p>
          <WriteToUs />
        </>
      );
    case 'refused':
      return (
        <>
          <p>{state.message}</p>
          <WriteToUs />
        </>
      );
    case 'failed':
      return (
        <>
          <p>{UNSUBSCRIBE_PAGE_TEXTS.failed}</p>
          <WriteToUs />
        </>
      );
  }
}

/** /unsubscribe?camp&key&userTo (route unsubscribe): unsubscribes the e-mail address of the link from marketing. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const { state, retry } = useUnsubscribe({
    camp: params.get('camp'),
    key: params.get('key'),
    userTo: params.get('userTo'),
  });
  return (
    <section className="page unsubscribe" aria-labelledby="page-title">
      <h1 id="page-title">{routes.unsubscribe.title}</h1>
      <div role="status">
        <Message state={state} />
      </div>
      {state.kind === 'failed' ? (
        <button type="button" className="ui-button ui-button--primary" onClick={retry}>
          {UNSUBSCRIBE_PAGE_TEXTS.retry}
        </button>
      ) : null}
    </section>
  );
}
