export default function Home() {
  return <h1 className="text-xl font-semibold">DR Arena</h1>;
}
