import type { SiteConfig } from "../src/content/types";
import { PhoneNumber } from "../client/phone";
import { Icon } from "./Icon";

export interface PhoneLinkProps {
  site: SiteConfig;
  className?: string;
  /** Words before the number, like "Call Now". */
  label?: string;
}

/** The single phone line as a tel: link; the visible number is always part of the link text. */
export function PhoneLink({ site, className, label }: PhoneLinkProps) {
  return (
    <a className={className} href={`tel:${site.phone.tel}`}>
      <Icon name="phone" />
      <span>
        {label ? `${label}: ` : ""}
        <PhoneNumber number={site.phone.display} />
      </span>
    </a>
  );
}
