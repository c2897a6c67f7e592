/** What a write did, said once it is done (a polite live region). */
export function Notice({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <p role="status" className="bo-notice">
      {text}
    </p>
  );
}
