export function VouchersPage() {
  return <h1>VouchersPage</h1>;
}
