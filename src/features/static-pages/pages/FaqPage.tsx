import { Link } from 'react-router';
import { buildPath } from '../../../shared/routes/paths.ts';
import { Section, StaticPage } from '../components/StaticPage.tsx';
import { accountFaq } from '../content/faq-account.tsx';
import { applicationFaq } from '../content/faq-application.tsx';
import { paymentsFaq } from '../content/faq-payments.tsx';

const groups = [applicationFaq, paymentsFaq, accountFaq] as const;

/**
 * /preguntas-frecuentes: questions by topic, each a native disclosure (`<details>`/`<summary>`): keyboard and screen
 * reader accessible, it opens without JavaScript (the page is pre-rendered), and its text is in the page for
 * search engines. Each question has an anchor (`/preguntas-frecuentes#documentos`).
 */
export default function FaqPage() {
  return (
    <StaticPage
      routeKey="faq"
      lead={
        <>
          Las respuestas a las dudas más habituales. Si no encuentras la tuya,{' '}
          <Link to={buildPath('contactUs')}>contáctanos</Link>.
        </>
      }
    >
      {groups.map((group) => (
        <Section key={group.id} id={group.id} title={group.title}>
          <div className="static-faq">
            {group.items.map((item) => (
              <details key={item.id} id={item.id} className="static-faq-item">
                <summary>{item.question}</summary>
                <div className="static-faq-answer">{item.answer}</div>
              </details>
            ))}
          </div>
        </Section>
      ))}
    </StaticPage>
  );
}
