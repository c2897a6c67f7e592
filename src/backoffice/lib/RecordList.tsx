/** A record as a definition list (term, value), as the customer file's 'Resumen', 'Límite' and 'Comunicaciones' show it. */
export function RecordList({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="bo-record">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
