/** The site's number, already in its one format (client/phone.tsx; data/site.yaml's schema holds it), kept on one line. */
export function PhoneNumber({ phone }: { phone: { display: string } }) {
  return <span className="phone-number">{phone.display}</span>;
}
