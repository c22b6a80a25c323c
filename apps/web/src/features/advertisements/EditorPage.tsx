// Placeholder until the feature lands.
export function Component() {
  return <main className="container py-5"><h1 className="h4">In Arbeit</h1></main>;
}
