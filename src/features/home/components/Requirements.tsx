import { Link } from 'react-router';
import { buildPath } from '../../../shared/routes/paths.ts';
import { HOME_PAGE_TEXTS } from '../texts.ts';

/** The four requirements (second document §1). */
export function Requirements() {
  const { title, items, more } = HOME_PAGE_TEXTS.requirements;
  return (
    <section className="home-section" aria-labelledby="home-requirements-title">
      <h2 id="home-requirements-title">{title}</h2>
      <ul className="home-requirements">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        <Link to={buildPath('howItWorks')}>{more}</Link>
      </p>
    </section>
  );
}
