import { cookiesOfCategory, type CookieCategoryId } from '../../shared/cookies.ts';
import { COOKIE_MODAL_TEXTS } from './texts.ts';

/**
 * What a category stores (src/shared/cookies.ts): one small two-column table per item, captioned with its name, so
 * it reads well on a phone and keeps row headers for screen readers.
 */
export function CookieTable({ category }: { category: CookieCategoryId }) {
  const cookies = cookiesOfCategory(category);
  if (cookies.length === 0) return <p className="cookie-none">{COOKIE_MODAL_TEXTS.noCookies}</p>;
  const labels = COOKIE_MODAL_TEXTS.table;
  return (
    <ul className="cookie-list">
      {cookies.map((cookie) => (
        <li key={cookie.name}>
          <table className="cookie-table">
            <caption>{cookie.name}</caption>
            <tbody>
              <tr>
                <th scope="row">{labels.provider}</th>
                <td>{cookie.provider}</td>
              </tr>
              <tr>
                <th scope="row">{labels.expiration}</th>
                <td>{cookie.expiration}</td>
              </tr>
              <tr>
                <th scope="row">{labels.purpose}</th>
                <td>{cookie.purpose}</td>
              </tr>
              <tr>
                <th scope="row">{labels.source}</th>
                <td>{cookie.source}</td>
              </tr>
              <tr>
                <th scope="row">{labels.processor}</th>
                <td>{cookie.processor}</td>
              </tr>
            </tbody>
          </table>
        </li>
      ))}
    </ul>
  );
}
