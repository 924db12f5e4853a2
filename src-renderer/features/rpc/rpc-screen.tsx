/** Placeholder until the RPC console lands. */
export function RpcScreen() {
  return (
    <div>
      <h2>RPC console</h2>
      <p className="muted">The JSON-RPC console is not built yet in this version. The chain listing is under Chains.</p>
    </div>
  );
}
