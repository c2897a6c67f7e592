import { useId } from 'react';
import { cookiesOfCategory, type CookieCategory } from '../../../shared/cookies.ts';

/**
 * One category of the cookie policy: its description and the table of what it stores (src/shared/cookies.ts, the
 * same list as the consent modal's table). A category with nothing in use says so.
 */
export function CookieTable({ category }: { category: CookieCategory }) {
  const captionId = useId();
  const descriptors = cookiesOfCategory(category.id);
  return (
    <section className="static-subsection" aria-labelledby={`${captionId}-title`}>
      <h3 id={`${captionId}-title`}>{category.title}</h3>
      <p>{category.description}</p>
      <p>
        {category.alwaysOn
          ? 'Son necesarias para prestar el servicio que nos pides, por lo que no requieren tu consentimiento.'
          : 'Solo se usan si las aceptas.'}
      </p>
      {descriptors.length === 0 ? (
        <p>Ahora mismo no usamos ninguna de esta categoría.</p>
      ) : (
        // A region that may scroll sideways on a phone must be reachable with the keyboard (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="static-table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="static-table">
            <caption id={captionId}>{category.title}: qué guardamos</caption>
            <thead>
              <tr>
                <th scope="col">Nombre</th>
                <th scope="col">Proveedor</th>
                <th scope="col">Caducidad</th>
                <th scope="col">Finalidad</th>
                <th scope="col">Dónde se guarda</th>
                <th scope="col">Quién la trata</th>
              </tr>
            </thead>
            <tbody>
              {descriptors.map((descriptor) => (
                <tr key={descriptor.name}>
                  <th scope="row">
                    <code>{descriptor.name}</code>
                  </th>
                  <td>{descriptor.provider}</td>
                  <td>{descriptor.expiration}</td>
                  <td>{descriptor.purpose}</td>
                  <td>{descriptor.source}</td>
                  <td>{descriptor.processor}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
