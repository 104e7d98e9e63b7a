/**
 * An e-mail address as text that wraps only before its `@`: each part stays whole (a hyphen in the
 * domain is no place to break), and the `<wbr>` lets a narrow column put the domain on a line of its
 * own. Screen readers and copying read the address as one.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at < 1) return <span className="whitespace-nowrap">{email}</span>;
  return (
    <>
      <span className="whitespace-nowrap">{email.slice(0, at)}</span>
      <wbr />
      <span className="whitespace-nowrap">{email.slice(at)}</span>
    </>
  );
}
