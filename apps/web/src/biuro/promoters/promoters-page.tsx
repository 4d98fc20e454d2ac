export function PromotersPage() {
  return <h1>PromotersPage</h1>;
}
