export default function Index() {
  return <h1>Ahla</h1>;
}
