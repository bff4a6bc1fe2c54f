/** What a discussion without posts says instead of an empty list. */
export function DiscussionEmpty({ children }: { children: React.ReactNode }) {
  return <p className="mt-6 rounded-xl bg-canvas px-4 py-6 text-center text-sm text-muted">{children}</p>;
}
