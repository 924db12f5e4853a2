// Day / week / month: how flows are bucketed (UTC; weeks start on Monday).
export type Bucket = 'day' | 'week' | 'month';
const BUCKETS: Bucket[] = ['day', 'week', 'month'];

export function BucketSwitch({ value, onChange }: { value: Bucket; onChange: (bucket: Bucket) => void }) {
  return (
    <fieldset className="local-bucket-switch">
      <legend>Per</legend>
      {BUCKETS.map((b) => (
        <label key={b}>
          <input type="radio" name="bucket" checked={value === b} onChange={() => onChange(b)} /> {b}
        </label>
      ))}
    </fieldset>
  );
}
