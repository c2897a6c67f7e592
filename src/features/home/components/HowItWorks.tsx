import { HOME_PAGE_TEXTS } from '../texts.ts';

/** 'Cómo funciona' (first document §2, second document §2): three steps, the payout 10 minutes after applying. */
export function HowItWorks() {
  const { title, items } = HOME_PAGE_TEXTS.steps;
  return (
    <section className="home-section" aria-labelledby="home-steps-title">
      <h2 id="home-steps-title">{title}</h2>
      <ol className="home-steps">
        {items.map((step) => (
          <li key={step.title}>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
