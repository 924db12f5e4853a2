/**
 * The service sent fields this version does not know (spec 2.1/2.2 allow none): probably a newer
 * service. Worth a quiet note, not a failure: everything this version does know is shown.
 */
export function UnknownFieldsNotice({ fields }: { fields: readonly string[] }) {
  if (fields.length === 0) return null;
  return (
    <p className="notice muted" role="note" data-testid="unknown-fields">
      The service sent fields this version does not know: {fields.join(', ')}. They are not shown.
    </p>
  );
}
