// STUB: replaced by the helper that owns this view.
export function FlowsView(_props: { profileId: string; party: string }) {
  return <p className="muted">Not built yet.</p>;
}
