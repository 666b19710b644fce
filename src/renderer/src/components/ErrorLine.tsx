/** A failure said where it happened, as an alert: nothing when there is none. */
export function ErrorLine({ error }: { error: { message: string } | null | undefined }) {
  if (!error) return null;
  return (
    <p className="diag diag--error small" role="alert">
      {error.message}
    </p>
  );
}
